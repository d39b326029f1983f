#!/usr/bin/env node
/**
 * `npm run build` (after `tsc -b`): the client into dist/, the server-side entry into dist-ssr/
 * (not served; git-ignored), then the prerendered pages into dist/prerender/ (prerender.mjs).
 * One process, and one build day for both builds (src/lib/useToday.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { prerender } from './prerender.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
process.env.SAMITI_BUILD_DAY ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

const started = Date.now();
// The manifest tells the prerender which stylesheet belongs to which chunk (then it is removed).
await build({ root, build: { manifest: true } });
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false },
});
const pages = await prerender({ dist: join(root, 'dist'), ssrEntry: join(root, 'dist-ssr', 'entry-server.js') });
console.log(`prerendered ${pages} pages into dist/prerender in ${((Date.now() - started) / 1000).toFixed(1)} s (build total)`);
