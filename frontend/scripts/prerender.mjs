/**
 * Writes the prerendered pages (contract in the README): for every path of
 * `prerenderedPaths` and each language, dist/prerender/<lang>/<key>.html (key: the path without
 * its leading slash, `index` for /) and the list dist/prerender/pages.json. Each page is
 * dist/index.html with `<html lang>`, the page's own head (pageMeta.ts) in place of the
 * page-head markers' span, the site content's data block right before #root (the content the
 * page was rendered with, which the client hydrates with), the server-rendered app inside #root,
 * links to the stylesheets of the lazy chunks its HTML uses (a page's, a deferred part's), and the
 * CSS rules that HTML uses inlined by beasties, the stylesheets following without holding back
 * the first paint.
 *
 * Run by scripts/build.mjs after the client build (dist/, with Vite's manifest) and the server
 * build (dist-ssr/). The build renders the sample content (backend/src/site/sample.json), what a
 * fresh install shows; the server shows the published content.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

/** The sample site content, the one place the build finds the organisation's content. */
const SAMPLE_CONTENT = fileURLToPath(new URL('../../backend/src/site/sample.json', import.meta.url));

const PAGE_HEAD = /<!--page-head[\s\S]*?<!--\/page-head-->/;
/** The shell's "needs JavaScript" notice, which a prerendered page does not need. */
const EMPTY_ROOT = /<div id="root"><\/div>(\s*<noscript>[\s\S]*?<\/noscript>)?/;
/**
 * beasties' `media-script` mode holds the full stylesheet back with media="print" and adds an
 * inline script to switch it on; the site's Content-Security-Policy allows no inline script, so
 * the client's entry does that instead (main.tsx) and the script is left out.
 */
const INLINE_SCRIPT = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/**
 * The stylesheets of the lazy chunks, each with the CSS-module classes it defines, in the order
 * the client loads them (a chunk's imports before the chunk: a page's rules after a shared
 * component's, which they refine), from Vite's manifest, which is not served.
 */
async function chunkStylesheets(dist) {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  const ordered = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    for (const css of manifest[key].css ?? []) if (!manifest[key].isEntry && !ordered.includes(css)) ordered.push(css);
  };
  for (const key of Object.keys(manifest)) visit(key);
  return Promise.all(
    ordered.map(async (file) => {
      const css = await readFile(join(dist, file), 'utf8');
      const classes = new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]));
      return { href: `/${file}`, classes };
    }),
  );
}

/** The chunk stylesheets whose classes the HTML uses, as `<link>`s in loading order. */
function stylesheetLinks(html, sheets) {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
  return sheets
    .filter(({ classes }) => [...classes].some((name) => used.has(name)))
    .map(({ href }) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
}

/** `/` → index, `/about/YuvajanSangh` → about/YuvajanSangh. */
export const pageKey = (path) => (path === '/' ? 'index' : path.replace(/^\//, ''));

export async function prerender({ dist, ssrEntry }) {
  const { render, prerenderedPaths, siteContentBlock, supportedLanguages } = await import(pathToFileURL(ssrEntry).href);
  const content = JSON.parse(await readFile(SAMPLE_CONTENT, 'utf8'));
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  if (!PAGE_HEAD.test(template) || !EMPTY_ROOT.test(template)) {
    throw new Error('dist/index.html lacks the page-head markers or an empty <div id="root">');
  }
  const entryStylesheet = template.match(/<link rel="stylesheet"[^>]*>/)?.[0];
  if (!entryStylesheet) throw new Error('dist/index.html links no stylesheet');
  const sheets = await chunkStylesheets(dist);
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'media-script',
    noscriptFallback: true,
    // Rules on the document's own element with a condition (`html:lang(mr)`, the Marathi line
    // height) match no element inside it, where beasties looks; they are always critical.
    allowRules: [/^(?:html|:root|body)[:[][^\s>+~]*$/],
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    logLevel: 'warn',
  });

  const out = join(dist, 'prerender');
  await rm(out, { recursive: true, force: true });
  for (const lang of supportedLanguages) {
    for (const path of prerenderedPaths) {
      const { html, head } = await render(path, lang, content);
      const page = template
        .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
        // (The translations the client loads before hydrating are asked for by src/boot.ts,
        // after the first paint, with the code.)
        .replace(PAGE_HEAD, () => head)
        .replace(entryStylesheet, () => entryStylesheet + stylesheetLinks(html, sheets))
        .replace(EMPTY_ROOT, () => `${siteContentBlock(content)}\n    <div id="root">${html}</div>`);
      const styled = (await beasties.process(page))
        .replace(INLINE_SCRIPT, '')
        // The full stylesheets are asked for after the first paint too (scripts/boot.js), so that
        // before it the connection carries only the page, its images and the boot script.
        .replace(/(<link rel="stylesheet"[^>]*?) href="([^"]+)"([^>]*data-beasties-media)/g, '$1 data-href="$2"$3');
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
