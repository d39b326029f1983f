/**
 * What the engine's bundle needs from the client's build to finish pages (src/engine/
 * renderSite.ts, `SiteAssets`): the template dist/index.html, the stylesheets of the lazy
 * chunks with the CSS-module classes each defines, and every stylesheet compiled by beasties'
 * compiler for the critical CSS, so that the engine needs neither files nor a CSS parser.
 * Vite's manifest, read here, is not served: it is removed.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { compileSheet, encodePlan } from 'beasties/compiler';

/**
 * Rules on the document's own element with a condition (`html:lang(mr)`, the Marathi line
 * height) match no element inside it, where beasties looks; they are always critical, as are the
 * rules of an open `<details>`.
 */
const ALWAYS_CRITICAL = [
  /^(?:html|:root|body)[:[][^\s>+~]*$/,
  // An open <details> (the phone menu): every one is closed in the prerendered HTML, but a visitor
  // opens it from the first paint, before the full stylesheet has arrived.
  /\[open\]/,
];

/**
 * The stylesheets of the lazy chunks in the order the client loads them (a chunk's imports
 * before the chunk: a page's rules after a shared component's, which they refine).
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
      const text = await readFile(join(dist, file), 'utf8');
      const classes = [...new Set([...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]))];
      return { href: `/${file}`, text, classes };
    }),
  );
}

function compile({ href, text }) {
  const sheet = compileSheet(text, { href, allowRules: ALWAYS_CRITICAL });
  for (const warning of sheet.warnings) console.warn(`${href}: ${warning}`);
  return encodePlan(sheet);
}

/** Reads the assets from the client's build in `dist` (after scripts/build.mjs's writeBoot). */
export async function siteAssets(dist) {
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const entryHref = template.match(/<link rel="stylesheet"[^>]* href="([^"]+)"/)?.[1];
  if (!entryHref) throw new Error('dist/index.html links no stylesheet');
  const entry = { href: entryHref, text: await readFile(join(dist, entryHref), 'utf8') };
  const chunks = await chunkStylesheets(dist);
  return {
    template,
    chunkStylesheets: chunks.map(({ href, classes }) => ({ href, classes })),
    plans: [entry, ...chunks].map(compile),
  };
}
