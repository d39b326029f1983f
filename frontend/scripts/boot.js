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

const root = document.getElementById('root');
if (root && root.hasChildNodes() && document.visibilityState === 'visible') {
  load('preload', `/locales/${document.documentElement.lang === 'mr' ? 'mr' : 'en'}/translation.json`, 'fetch');
  afterFirstContentfulPaint(start);
} else {
  start();
}

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
