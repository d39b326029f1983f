/**
 * The entry of dist/prerender/engine.js (scripts/build.mjs): one script, no imports, that
 * defines the global `SamitiEngine` with `renderSite(contentJson)`. The server runs it in its
 * embedded JavaScript engine when content is published; the build runs it in Node on the sample
 * content. The template and the compiled stylesheets come from the build (scripts/siteAssets.mjs).
 */
import assets from 'virtual:site-assets';
import { siteRenderer } from './renderSite';

export const renderSite = siteRenderer(assets);
