#!/usr/bin/env node
/**
 * `npm run build` (after `tsc -b`): the client into dist/, then the engine that finishes the
 * public pages (src/engine/engine.ts, with the template and the compiled stylesheets of the
 * client's build in it) into dist-ssr/engine.js (git-ignored), then the prerendered pages, the
 * shell and the engine itself into dist/ (prerender.mjs). One process, and one build day for
 * both builds (src/lib/useToday.ts).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, minifySync } from 'vite';
import { prerender } from './prerender.mjs';
import { siteAssets } from './siteAssets.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
process.env.SAMITI_BUILD_DAY ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

const started = Date.now();
// The manifest tells the prerender which stylesheet belongs to which chunk (then it is removed).
await build({ root, build: { manifest: true } });
await writeBoot(join(root, 'dist'));
await buildEngine(await siteAssets(join(root, 'dist')));
const pages = await prerender({
  dist: join(root, 'dist'),
  engineFile: join(root, 'dist-ssr', 'engine.js'),
  contentFile: join(root, '..', 'backend', 'src', 'site', 'sample.json'),
});
console.log(`prerendered ${pages} pages into dist/prerender in ${((Date.now() - started) / 1000).toFixed(1)} s (build total)`);

/**
 * dist/index.html loads the app through the boot script (scripts/boot.js) instead of its entry
 * module and modulepreloads, so that a prerendered page asks for the code after its first paint.
 */
async function writeBoot(dist) {
  const file = join(dist, 'index.html');
  const html = await readFile(file, 'utf8');
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const app = html.match(entryTag)?.[1];
  if (!app) throw new Error('dist/index.html has no entry module');
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const chunks = [...html.matchAll(preloadTag)].map((m) => m[1]);
  const template = await readFile(join(root, 'scripts', 'boot.js'), 'utf8');
  const source = template
    .replace('const app = __APP__', `const app = ${JSON.stringify(app)}`)
    .replace('const chunks = __CHUNKS__', `const chunks = ${JSON.stringify(chunks)}`);
  // Minified: its comments and names are for readers of the source, not for phones.
  const { code, errors } = minifySync('boot.js', source, { module: true });
  if (errors.length) throw new Error(`scripts/boot.js: ${errors.map((error) => error.message).join('; ')}`);
  const name = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  await writeFile(join(dist, name), code);
  // async: it runs as soon as it has arrived, to keep what a visitor does before the app runs.
  const booted = html.replace(preloadTag, '').replace(entryTag, () => `<script type="module" async src="/${name}"></script>`);
  await writeFile(file, booted);
}

/**
 * The engine: one self-contained script (an IIFE defining the global `SamitiEngine`) for an
 * embedded engine such as QuickJS, which has no modules, no Node and no browser: everything
 * bundled, the packages' worker/browser builds (react-dom/static on web streams), and the
 * build's assets as the module `virtual:site-assets`.
 */
async function buildEngine(assets) {
  const virtualId = 'virtual:site-assets';
  await build({
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'site-assets',
        resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
        load: (id) => (id === `\0${virtualId}` ? `export default ${JSON.stringify(assets)};` : undefined),
      },
    ],
    ssr: {
      noExternal: true,
      target: 'webworker',
      resolve: { conditions: ['worker', 'browser', 'module', 'import', 'default'], externalConditions: [] },
    },
    build: {
      ssr: 'src/engine/engine.ts',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      rolldownOptions: {
        output: { format: 'iife', name: 'SamitiEngine', entryFileNames: 'engine.js', codeSplitting: false },
      },
    },
  });
}
