/** The assets scripts/build.mjs compiles into the engine's bundle (scripts/siteAssets.mjs). */
declare module 'virtual:site-assets' {
  const assets: import('./renderSite').SiteAssets;
  export default assets;
}
