#!/usr/bin/env node
/**
 * The JavaScript a first visit to the home page downloads before it can hydrate: the boot
 * script of dist/index.html, the app entry and chunks it loads, and, recursively, their static imports (lazy
 * chunks, fetched later for other pages or on demand, are not counted). Prints each file and the
 * total in KiB of gzip (level 9, as the server's precompressed files), the figure the first screen
 * is budgeted at (<= 125 KiB, docs/ARCHITECTURE.md); scripts/bench_lighthouse.sh prints it too.
 *
 *   node scripts/js-budget.mjs [dist] [--kib] [--max KIB]
 *     --kib      print the total only (a number)
 *     --max KIB  exit 1 when the total is above KIB
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, name.startsWith('--max') ? 2 : 1)[1] ?? '';
};
const max = option('--max');
const onlyTotal = option('--kib') !== undefined;
const dist = resolve(args[0] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
/** The app and its chunks, which the boot script (scripts/boot.js) loads after the first paint. */
const booted = entry.flatMap((url) => {
  const code = readFileSync(join(dist, url.replace(/^\//, '')), 'utf8');
  // The boot script is minified: its modules are the script addresses it names.
  return [...code.matchAll(/["'`](\/assets\/[^"'`]+\.js)["'`]/g)].map((m) => m[1]).filter((name) => name !== url);
});

/** `import … from "./x.js"` and `import "./x.js"` at the top level of a built chunk. */
const staticImports = (code) =>
  [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]);

const files = new Map();
const visit = (url) => {
  if (files.has(url)) return;
  const code = readFileSync(join(dist, url.replace(/^\//, '')));
  files.set(url, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const path of staticImports(code.toString('utf8'))) visit(join(dirname(url), path));
};
for (const url of [...entry, ...preloads, ...booted]) visit(url);

const kib = (bytes) => (bytes / 1024).toFixed(1);
const total = [...files.values()].reduce((sum, file) => sum + file.gzip, 0);
if (onlyTotal) {
  console.log(kib(total));
} else {
  for (const [url, file] of [...files].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`${kib(file.gzip).padStart(7)} KiB gzip  ${kib(file.raw).padStart(7)} KiB  ${url}`);
  }
  console.log(`home page JavaScript: ${kib(total)} KiB gzip in ${files.size} files`);
}
if (max !== undefined && total / 1024 > Number(max)) {
  console.error(`over the budget of ${max} KiB gzip`);
  process.exit(1);
}
