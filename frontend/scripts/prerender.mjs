/**
 * Writes the prerendered pages (issue 10; contract in the README): for every path of
 * `prerenderedPaths` and each language, dist/prerender/<lang>/<key>.html (key: the path without
 * its leading slash, `index` for /) and the list dist/prerender/pages.json. Each page is
 * dist/index.html with `<html lang>`, the page's own head (pageMeta.ts) in place of the
 * page-head markers' span, the server-rendered app inside #root, and the CSS that HTML uses
 * inlined by beasties, the full stylesheet following without holding back the first paint.
 *
 * Run by scripts/build.mjs after the client build (dist/) and the server build (dist-ssr/).
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const PAGE_HEAD = /<!--page-head[\s\S]*?<!--\/page-head-->/;
/** The shell's "needs JavaScript" notice, which a prerendered page does not need. */
const EMPTY_ROOT = /<div id="root"><\/div>(\s*<noscript>[\s\S]*?<\/noscript>)?/;
/**
 * beasties' `media-script` mode holds the full stylesheet back with media="print" and adds an
 * inline script to switch it on; the site's Content-Security-Policy allows no inline script, so
 * the client's entry does that instead (main.tsx) and the script is left out.
 */
const INLINE_SCRIPT = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/** `/` → index, `/about/YuvajanSangh` → about/YuvajanSangh. */
export const pageKey = (path) => (path === '/' ? 'index' : path.replace(/^\//, ''));

export async function prerender({ dist, ssrEntry }) {
  const { render, prerenderedPaths, supportedLanguages } = await import(pathToFileURL(ssrEntry).href);
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  if (!PAGE_HEAD.test(template) || !EMPTY_ROOT.test(template)) {
    throw new Error('dist/index.html lacks the page-head markers or an empty <div id="root">');
  }
  // The CSS of the lazy pages' chunks: beasties inlines from them the rules the page's HTML uses.
  const entryCss = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const chunkCss = (await readdir(join(dist, 'assets')))
    .filter((name) => name.endsWith('.css'))
    .map((name) => `/assets/${name}`)
    .filter((href) => !entryCss.includes(href));
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'media-script',
    noscriptFallback: true,
    additionalStylesheets: chunkCss,
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    logLevel: 'warn',
  });

  const out = join(dist, 'prerender');
  await rm(out, { recursive: true, force: true });
  for (const lang of supportedLanguages) {
    for (const path of prerenderedPaths) {
      const { html, head } = await render(path, lang);
      const page = template
        .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
        .replace(
          PAGE_HEAD,
          // The translations the client loads before hydrating, fetched alongside its code.
          () => `${head}\n    <link rel="preload" href="/locales/${lang}/translation.json" as="fetch" crossorigin>`,
        )
        .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`);
      const styled = (await beasties.process(page)).replace(INLINE_SCRIPT, '');
      if (/<script>/.test(styled)) console.log(styled.match(/<script>.{0,300}/s)[0]);
      if (/<script>/.test(styled)) throw new Error(`${path} (${lang}): an inline script, which the CSP would refuse`);
      const file = join(out, lang, `${pageKey(path)}.html`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, styled);
    }
  }
  await writeFile(join(out, 'pages.json'), `${JSON.stringify({ paths: prerenderedPaths })}\n`);
  return prerenderedPaths.length * supportedLanguages.length;
}
