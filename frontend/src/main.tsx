import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/styles/global.css';
import '@/styles/shared.css';
import { initI18n, isSitePreview, startLanguage } from '@/lib/i18n';
import { loadSiteContent, SiteContentProvider, type SiteContent } from '@/lib/siteContent';
import { App, AppFrame } from '@/app/App';
import { LoadFailed } from '@/app/RouteError';
import { addAdminRoutesFor, resolveLazyRoutes } from '@/app/router';
import { stopHolding } from '@/lib/held';

/**
 * A prerendered page inlines the CSS its HTML uses and holds the full stylesheet back
 * (media="print") so that it does not delay the first paint; the server's Content-Security-Policy
 * allows no inline script, so this module switches it on. Resolves once it has loaded, so that
 * what the client alone draws (menus, dialogs, the reveal) is styled from its first frame.
 */
function applyDeferredStyles(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]')];
  return Promise.all(
    links.map((link) => {
      link.media = link.dataset.beastiesMedia ?? 'all';
      link.removeAttribute('data-beasties-media');
      if (link.sheet) return undefined;
      return new Promise((done) => {
        link.addEventListener('load', done, { once: true });
        link.addEventListener('error', done, { once: true });
      });
    }),
  );
}

/** The site content, or null (logged) when neither the page nor the server gave it. */
async function siteContent(): Promise<SiteContent | null> {
  // The editor's preview frame draws the draft it offers (lib/sitePreview.ts, loaded only there:
  // a visitor's first screen does not carry it).
  if (isSitePreview()) {
    const preview = (await import('@/lib/sitePreview')).previewContent();
    if (preview) return preview;
  }
  return loadSiteContent().catch((error: unknown) => {
    console.error('The site content could not be loaded:', error);
    return null;
  });
}

async function start() {
  const styles = applyDeferredStyles();
  const root = document.getElementById('root')!;
  const prerendered = root.hasChildNodes();
  const { language, pageLanguage, hydrate } = startLanguage(prerendered);
  // A prerendered page carries the content it was drawn with (its data block): hydrating with
  // that same content draws the same HTML. Any other page asks the server for it.
  const content = siteContent();
  const app = (site: SiteContent) => (
    <StrictMode>
      <SiteContentProvider content={site}>
        <App />
      </SiteContentProvider>
    </StrictMode>
  );
  if (!prerendered) {
    // Nothing was on the page to be tapped or typed into (scripts/boot.js held nothing).
    stopHolding();
    void initI18n(language);
    const [site] = await Promise.all([content, addAdminRoutesFor(window.location.pathname)]);
    createRoot(root).render(
      site ? (
        app(site)
      ) : (
        <StrictMode>
          <AppFrame>
            <LoadFailed />
          </AppFrame>
        </StrictMode>
      ),
    );
    return;
  }
  // The first render draws the page's HTML again, at once: its content, translations, code and
  // styles are there before it starts (no fallback in between, nothing drawn unstyled).
  const [site] = await Promise.all([content, initI18n(language, [pageLanguage]), resolveLazyRoutes(window.location.pathname), styles]);
  // Without its content the page stays as its HTML drew it, readable, its links working; what
  // was held cannot be answered.
  if (!site) {
    stopHolding();
    return;
  }
  // Taps and typing before this point are held (scripts/boot.js) and handed over once the app
  // has hydrated (App's first effect: lib/held.ts).
  if (hydrate) {
    hydrateRoot(root, app(site));
  } else {
    // The visitor's choice is kept in this browser only (the server answered another language):
    // the page is drawn afresh in the chosen language, replacing the HTML when it is ready.
    createRoot(root).render(app(site));
  }
}

void start();
