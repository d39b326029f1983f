#!/usr/bin/env node
// How soon a first visit on a phone answers a tap: the home page at 360 px in Chromium with the
// CPU slowed 4x, on three networks (unthrottled; 1.6 Mbit/s down, 750 kbit/s up, 150 ms, as
// Lighthouse's slow 4G; 400 kbit/s both ways, 300 ms). Prints per network the medians of the
// first contentful paint, the earliest tap on "Menu" that opens the menu, and how many taps
// before it were lost. A tap is tried as soon as "Menu" is painted, then every 100 ms; it counts
// as acting when the menu's "Contact" link is visible within 150 ms (or before the next tap).
// Figures only.
//
// Usage: node scripts/bench_first_tap.mjs [--url http://127.0.0.1:8191] [--dist frontend/dist] [--runs 3] [--path /]
//   --url   a running server (otherwise the debug or release binary is started on a free port,
//           with a fresh data folder, serving --dist)
//   SAMITI_BIN, CHROMIUM_PATH as for the journeys.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'frontend', 'package.json'))('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const runs = Number(option('--runs', '3'));
const path = option('--path', '/');
const networks = [
  { name: 'unthrottled', conditions: null },
  { name: '1.6 Mbit/s, 150 ms', conditions: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 } },
  { name: '400 kbit/s, 300 ms', conditions: { latency: 300, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 } },
];

async function freePort() {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `samiti serve` on the given client, answering its base URL and a stop function. */
async function startServer() {
  const target = process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache', 'samiti-target');
  const bin = process.env.SAMITI_BIN ?? [join(target, 'release', 'samiti'), join(target, 'debug', 'samiti')].find(existsSync);
  if (!bin) throw new Error(`no server binary under ${target} (or set SAMITI_BIN, or pass --url)`);
  const dist = resolve(option('--dist', join(root, 'frontend', 'dist')));
  const data = mkdtempSync(join(tmpdir(), 'samiti-first-tap-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, SAMITI_DATA_DIR: data, SAMITI_BIND: `127.0.0.1:${port}`, SAMITI_STATIC_DIR: dist, RUST_LOG: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  console.error(`server: ${bin}, client: ${dist}`);
  return {
    base,
    stop: () => {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** One first visit: when the page painted, and when the first tap that opened the menu was made. */
async function visit(browser, base, conditions) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  await page.goto(`${base}${path}`, { waitUntil: 'commit' });
  // The phone menu's control: a button before, a <summary> since the menus are plain HTML.
  const nav = page.locator('nav').last();
  const menu = nav.locator('button, summary').first();
  const contact = nav.getByRole('link', { name: /^(Contact|संपर्क)$/ });
  await menu.waitFor({ state: 'visible', timeout: 60_000 });
  let lost = 0;
  let opened;
  let tapped;
  for (let tries = 0; tries < 300 && opened === undefined; tries++) {
    // A tap that acted late (after the check below gave up on it) counts from when it was made.
    if (tapped !== undefined && (await contact.isVisible())) {
      opened = tapped;
      lost--;
      break;
    }
    const box = await menu.boundingBox();
    if (box) {
      tapped = await page.evaluate(() => performance.now());
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const shown = await contact.waitFor({ state: 'visible', timeout: 150 }).then(() => true, () => false);
      if (shown) opened = tapped;
      else lost++;
    }
    if (opened === undefined) await page.waitForTimeout(100);
  }
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await context.close();
  return { paint, opened: opened ?? NaN, lost };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const given = option('--url');
const server = given ? { base: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  console.log(`${path} at 360 px, CPU 4x slower, median of ${runs} first visits`);
  console.log(`${'network'.padEnd(20)}  ${'first paint s'.padStart(13)}  ${'first opening tap s'.padStart(19)}  ${'lost taps'.padStart(9)}`);
  for (const { name, conditions } of networks) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await visit(browser, server.base, conditions));
    const s = (ms) => (ms / 1000).toFixed(2);
    console.log(
      `${name.padEnd(20)}  ${s(median(results.map((r) => r.paint))).padStart(13)}  ${s(median(results.map((r) => r.opened))).padStart(19)}  ${String(median(results.map((r) => r.lost))).padStart(9)}`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
