import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { documentTitle, variantUrl } from '@/config/pageTitles';
import { useSite } from './siteContent';

/**
 * Keeps the page head in step with the page and the language: the tab's title at once, then the
 * description, canonical and hreflang links and the preview tags, the same as the prerendered
 * HTML carries (src/config/pageMeta.ts, applied by src/lib/documentHead.ts). A public page passes
 * the title it shows (pageTitle), any other page (a 404, the dashboard) its own.
 */
export function usePageTitle(title?: string) {
  const { t, i18n } = useTranslation();
  // The router also matches "/gallery/"; the table (like the server) knows "/gallery".
  const path = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const lang = (i18n.resolvedLanguage ?? 'en').startsWith('mr') ? 'mr' : 'en';
  const content = useSite();
  useEffect(() => {
    document.title = documentTitle(title ?? '', lang, content);
    // A prerendered page arrives with the head of this page in this language: nothing to load.
    const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    const named = canonical ? new URL(canonical, window.location.href) : undefined;
    if (named && named.pathname + named.search === variantUrl('', path, lang)) return;
    let current = true;
    void import('./documentHead').then(({ updateHead }) => current && updateHead(path, lang, t, content, title));
    return () => {
      current = false;
    };
  }, [path, lang, t, title, content]);
}
