// Summary of the Lighthouse reports that scripts/bench_lighthouse.sh collected: per page and
// language the medians of the four category scores, LCP, CLS and TBT; the JavaScript the home
// page loads (gzip, and as the server sent it); and the audits that did not pass, so one can see
// what to fix. Figures only.
//
// Usage: node scripts/bench_lighthouse.mjs REPORT_DIR
// Reports are named <page-slug>.<lang>.<run>.json; pages.tsv lists each <page-slug>.<lang> and its URL path.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Reports grouped by page and language, in the order the benchmark ran them (pages.tsv). */
const groups = new Map();
for (const line of readFileSync(join(dir, 'pages.tsv'), 'utf8').trim().split('\n')) {
  const [key, path] = line.split('\t');
  const reports = readdirSync(dir)
    .filter((name) => name.startsWith(`${key}.`) && name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  groups.set(key, { path, lang: key.split('.')[1], reports });
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? NaN) * 100);
const metric = (report, audit) => report.audits[audit]?.numericValue ?? NaN;

/** Audits that did not pass: a binary audit that failed, or a scored one under 0.9 (Lighthouse's "pass"). */
function failing(report) {
  return Object.values(report.audits)
    .filter(({ score: value, scoreDisplayMode: mode }) =>
      mode === 'error' || (value !== null && ((mode === 'binary' && value < 1) || ((mode === 'numeric' || mode === 'metricSavings') && value < 0.9))),
    )
    .map(({ id, scoreDisplayMode: mode }) => (mode === 'error' ? `${id}(error)` : id));
}

const columns = ['page', 'lang', 'perf', 'a11y', 'best-pr', 'seo', 'LCP s', 'CLS', 'TBT ms', 'runs'];
const widths = [42, 4, 5, 5, 7, 5, 6, 6, 7, 4];
const row = (cells) => cells.map((cell, i) => String(cell)[i === 0 ? 'padEnd' : 'padStart'](widths[i])).join('  ');
console.log(row(columns));
const failures = [];
for (const { path, lang, reports } of groups.values()) {
  const m = (pick) => median(reports.map(pick));
  console.log(
    row([
      path,
      lang,
      m((r) => score(r, 'performance')),
      m((r) => score(r, 'accessibility')),
      m((r) => score(r, 'best-practices')),
      m((r) => score(r, 'seo')),
      (m((r) => metric(r, 'largest-contentful-paint')) / 1000).toFixed(2),
      m((r) => metric(r, 'cumulative-layout-shift')).toFixed(3),
      Math.round(m((r) => metric(r, 'total-blocking-time'))),
      reports.length,
    ]),
  );
  const counts = new Map();
  for (const id of reports.flatMap(failing)) counts.set(id, (counts.get(id) ?? 0) + 1);
  failures.push(`${path} ${lang}: ${[...counts].map(([id, n]) => `${id} ${n}/${reports.length}`).join(', ') || 'none'}`);
}

// The home page's scripts, as Lighthouse saw them load (first English run).
const home = [...groups.values()].find((group) => new URL(group.path, 'http://x').pathname === '/');
if (home) {
  const report = home.reports[0];
  const scripts = report.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
  // Gzip of each file as fetched again from the server (still running: the .sh calls this first).
  let gzip = 0;
  try {
    for (const { url } of scripts) gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  } catch {
    gzip = NaN;
  }
  const served = scripts.reduce((sum, item) => sum + item.transferSize, 0);
  console.log(
    `\nHome page JavaScript: ${(gzip / 1024).toFixed(1)} KiB gzip in ${scripts.length} files ` +
      `(${(served / 1024).toFixed(1)} KiB as the server sent it, ${report.audits['network-requests'].details.items.length} requests in all)`,
  );
}

console.log('\nAudits that did not pass (runs failing / runs):');
for (const line of failures) console.log(`  ${line}`);
