/**
 * The public pages finished as the visitor receives them, from the published content: the same
 * code runs in the build (scripts/prerender.mjs, on the sample content, in Node) and in the
 * server when content is published (backend/src/site/engine, in QuickJS), both from the bundle
 * dist/prerender/engine.js (engine.ts), so the two cannot drift apart.
 *
 * Every page of `prerenderedPaths` in each language is the template (dist/index.html) with
 * `<html lang>`, the page's own head (pageMeta.ts) in place of the page-head markers' span,
 * links to the stylesheets of the lazy chunks its HTML uses (a page's, a deferred part's), the
 * CSS rules that HTML uses inlined (beasties' runtime, from stylesheets compiled at build time),
 * the content as a data block, and the server-rendered app inside #root. The shell, served for
 * every other route, is the template with the data block and its empty #root.
 */
import { createProcessor, type CompactPlan } from 'beasties/runtime';
import type { SiteContent } from '@bindings/SiteContent';
import { prerenderedPaths, render, siteContentBlock, supportedLanguages } from '@/entry-server';
import type { Language } from '@/lib/i18n';

/** What the build compiles into the bundle (scripts/siteAssets.mjs). */
export type SiteAssets = {
  /** dist/index.html: the page-head markers, one entry stylesheet, an empty #root. */
  template: string;
  /** The stylesheets of the lazy chunks in loading order, each with the CSS-module classes it defines. */
  chunkStylesheets: { href: string; classes: string[] }[];
  /** Every stylesheet (the entry's and the chunks'), compiled for the critical CSS. */
  plans: CompactPlan[];
};

export type SitePage = { lang: Language; path: string; html: string };
export type RenderedSite = { pages: SitePage[]; shell: string };

const PAGE_HEAD = /<!--page-head[\s\S]*?<!--\/page-head-->/;
/** The shell's "needs JavaScript" notice, which a prerendered page does not need. */
const EMPTY_ROOT = /<div id="root"><\/div>(\s*<noscript>[\s\S]*?<\/noscript>)?/;
/**
 * beasties' `media-script` mode holds the full stylesheet back with media="print" and adds an
 * inline script to switch it on; the site's Content-Security-Policy allows no inline script, so
 * the client's entry does that instead (main.tsx) and the script is left out.
 */
const INLINE_SCRIPT = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/** The chunk stylesheets whose classes the HTML uses, as `<link>`s in loading order. */
function stylesheetLinks(html: string, sheets: SiteAssets['chunkStylesheets']): string {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
  return sheets
    .filter(({ classes }) => classes.some((name) => used.has(name)))
    .map(({ href }) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
}

/** `renderSite(contentJson)` over the assets the build compiled in. */
export function siteRenderer(assets: SiteAssets): (contentJson: string) => Promise<RenderedSite> {
  const { template } = assets;
  if (!PAGE_HEAD.test(template) || !EMPTY_ROOT.test(template)) {
    throw new Error('the template lacks the page-head markers or an empty <div id="root">');
  }
  const entryStylesheet = template.match(/<link rel="stylesheet"[^>]*>/)?.[0];
  if (!entryStylesheet) throw new Error('the template links no stylesheet');
  const beasties = createProcessor(assets.plans, {
    preload: 'media-script',
    noscriptFallback: true,
  });
  const withContent = (html: string, block: string) => html.replace('<div id="root">', () => `${block}\n    <div id="root">`);

  async function finishPage(path: string, lang: Language, content: SiteContent, block: string): Promise<string> {
    const { html, head } = await render(path, lang, content);
    const page = template
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      // (The translations the client loads before hydrating are asked for by src/boot.ts,
      // after the first paint, with the code.)
      .replace(PAGE_HEAD, () => head)
      .replace(entryStylesheet!, () => entryStylesheet + stylesheetLinks(html, assets.chunkStylesheets))
      .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`);
    const styled = beasties
      .process(page)
      .replace(INLINE_SCRIPT, '')
      // The full stylesheets are asked for after the first paint too (scripts/boot.js), so that
      // before it the connection carries only the page, its images and the boot script.
      .replace(/(<link rel="stylesheet"[^>]*?) href="([^"]+)"([^>]*data-beasties-media)/g, '$1 data-href="$2"$3');
    if (/<script>/.test(styled)) throw new Error(`${path} (${lang}): an inline script, which the CSP would refuse`);
    return withContent(styled, block);
  }

  return async function renderSite(contentJson: string): Promise<RenderedSite> {
    const content = JSON.parse(contentJson) as SiteContent;
    const block = siteContentBlock(content);
    const pages: SitePage[] = [];
    for (const lang of supportedLanguages) {
      for (const path of prerenderedPaths) pages.push({ lang, path, html: await finishPage(path, lang, content, block) });
    }
    return { pages, shell: withContent(template, block) };
  };
}
