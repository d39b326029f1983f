/**
 * Writes the prerendered pages (contract in the README) by running the engine's bundle
 * (dist/prerender/engine.js, src/engine/engine.ts), the one the server runs when content is
 * published, on the sample content (backend/src/site/sample.json): for every path of
 * `prerenderedPaths` and each language dist/prerender/<lang>/<key>.html (key: the path without
 * its leading slash, `index` for /), the shell (the template with the content's data block) as
 * dist/index.html, and dist/prerender/pages.json: `{"paths": [...], "content": {...}}`, the
 * content the pages show, so the server can tell whether they match what it publishes.
 *
 * Run by scripts/build.mjs after the client build (dist/) and the engine's build.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';

/** `/` → index, `/about/YuvajanSangh` → about/YuvajanSangh. */
export const pageKey = (path) => (path === '/' ? 'index' : path.replace(/^\//, ''));

/**
 * Runs the bundle's `renderSite` in a context of its own, as the server's engine does: with only
 * the globals a browser's worker offers (Node's own), so that nothing of the build leaks in, and
 * without what QuickJS lacks (Intl), so that a page the server could not render fails here.
 */
export async function renderWithEngine(code, contentJson) {
  // react-dom's browser build schedules its work on a MessageChannel that stays open; its ports
  // are closed once the site is rendered, or Node would wait for them for ever.
  const channels = [];
  const context = {
    Intl: undefined,
    console, setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, queueMicrotask,
    TextEncoder, TextDecoder, ReadableStream, URL, URLSearchParams, AbortController, Headers, Request, Response,
    MessageChannel: class extends MessageChannel {
      constructor() {
        super();
        channels.push(this);
      }
    },
  };
  context.globalThis = context;
  context.self = context;
  try {
    const engine = runInNewContext(`${code}\n;SamitiEngine`, context, { filename: 'engine.js' });
    return await engine.renderSite(contentJson);
  } finally {
    for (const channel of channels) channel.port1.close();
  }
}

export async function prerender({ dist, engineFile, contentFile }) {
  const code = await readFile(engineFile, 'utf8');
  const contentJson = await readFile(contentFile, 'utf8');
  const { pages, shell } = await renderWithEngine(code, contentJson);

  const out = join(dist, 'prerender');
  await rm(out, { recursive: true, force: true });
  for (const { lang, path, html } of pages) {
    const file = join(out, lang, `${pageKey(path)}.html`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  // Not served: the server's web.rs refuses every path under /prerender/.
  await writeFile(join(out, 'engine.js'), code);
  await writeFile(join(dist, 'index.html'), shell);
  const paths = [...new Set(pages.map((page) => page.path))];
  await writeFile(join(out, 'pages.json'), `${JSON.stringify({ paths, content: JSON.parse(contentJson) })}\n`);
  return pages.length;
}
