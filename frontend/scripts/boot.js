// The page's first script, written into dist/assets by scripts/build.mjs with the
// app's entry and the chunks it imports in place of __APP__ and __CHUNKS__. A prerendered page is
// readable from its HTML alone, so the app's code (react, the router, i18next, the page: about
// 120 KiB) is asked for only once the first screen has been painted: on a slow phone connection
// it then does not compete with the page, its styles and its hero image. The translations the
// app needs before it hydrates come alongside. A page that is not prerendered starts at once.
/* global __APP__, __CHUNKS__ -- written in by scripts/build.mjs */
const app = __APP__;
const chunks = __CHUNKS__;

function load(rel, href, as) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  link.crossOrigin = 'anonymous';
  if (as) link.as = as;
  document.head.append(link);
}

function start() {
  // The full stylesheets, held back with their address (the prerender inlined what the first
  // screen uses; the app switches them on when it starts: src/main.tsx).
  for (const link of document.querySelectorAll('link[data-href]')) link.href = link.dataset.href;
  // The entry's imports in parallel with it, rather than after it has arrived.
  for (const href of chunks) load('modulepreload', href);
  import(app);
}

/**
 * Until the app has taken the page over (src/lib/held.ts, `releaseHeld`), what the visitor does
 * to its prerendered HTML is kept: each field's value as typed, and the last tap on a button or
 * the last submission, held (not lost, and not sent by the browser as a GET with the details in
 * the address) for the app to make again. Links and the menus (`<details>`) act by themselves.
 * This script is async, so it runs as soon as it arrives, usually before the first paint.
 */
const held = (window.samitiHeld = { fields: new Map(), action: null });
const inPage = (element) => element instanceof Element && !held.done && !!element.closest('#root');
const keep = ({ target }) => {
  if (inPage(target) && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
    held.fields.set(target, /^(checkbox|radio)$/.test(target.type) ? target.checked : target.value);
  }
};
const hold = (event) => {
  const target = event.type === 'submit' ? event.target : event.target.closest?.('button, input[type=submit], input[type=image], input[type=button]');
  if (!inPage(target)) return;
  event.preventDefault();
  event.stopPropagation();
  held.action = { target, submitter: event.submitter };
};
for (const type of ['input', 'change']) document.addEventListener(type, keep, true);
for (const type of ['click', 'submit']) document.addEventListener(type, hold, true);

function boot() {
  const root = document.getElementById('root');
  if (root && root.hasChildNodes() && document.visibilityState === 'visible') {
    load('preload', `/locales/${document.documentElement.lang === 'mr' ? 'mr' : 'en'}/translation.json`, 'fetch');
    afterFirstContentfulPaint(start);
  } else {
    start();
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot, { once: true });
else boot();

/**
 * Runs `then` once the browser reports the page's first contentful paint (an animation frame is
 * too early: its callbacks run before the frame is shown); after a second at the latest, for a
 * browser that reports no paints.
 */
function afterFirstContentfulPaint(then) {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    setTimeout(then, 0);
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      go();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(go);
  }
  setTimeout(go, 1000);
}
