import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/styles/global.css';
import '@/styles/shared.css';
import { initI18n, startLanguage } from '@/lib/i18n';
import { loadSiteContent, SiteContentProvider, type SiteContent } from '@/lib/siteContent';
import { previewContent } from '@/lib/sitePreview';
import { App } from '@/app/App';
import { addAdminRoutesFor, resolveLazyRoutes } from '@/app/router';

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

/**
 * The site content to draw: in the editor's preview (a page the dashboard frames, see
 * lib/sitePreview.ts) the content being edited, else the page's data block or the server's
 * published content; null (logged) when none came.
 */
function siteContent(): Promise<SiteContent | null> {
  const preview = previewContent();
  if (preview) return Promise.resolve(preview);
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
  const content = siteContent();
  const draw = (site: SiteContent | null) => (
    <StrictMode>
      {site ? (
        <SiteContentProvider content={site}>
          <App />
        </SiteContentProvider>
      ) : (
        <App />
      )}
    </StrictMode>
  );
  if (!prerendered) {
    void initI18n(language);
    const [site] = await Promise.all([content, addAdminRoutesFor(window.location.pathname)]);
    createRoot(root).render(draw(site));
    return;
  }
  // The first render draws the page's HTML again, at once: its content, translations, code and
  // styles are there before it starts (no fallback in between, nothing drawn unstyled).
  const [site] = await Promise.all([content, initI18n(language, [pageLanguage]), resolveLazyRoutes(window.location.pathname), styles]);
  const app = draw(site);
  if (hydrate) {
    hydrateRoot(root, app);
  } else {
    // The visitor's choice is kept in this browser only (the server answered another language):
    // the page is drawn afresh in the chosen language, replacing the HTML when it is ready.
    createRoot(root).render(app);
  }
}

void start();
