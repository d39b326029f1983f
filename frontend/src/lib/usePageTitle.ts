import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { headElements, type HeadElement } from '@/app/pageMeta';

/** Where an element of the head is found again: each is unique by tag and its identifying attribute. */
function selectorOf({ tag, attrs }: HeadElement): string {
  if (tag === 'meta') return attrs.name ? `meta[name="${attrs.name}"]` : `meta[property="${attrs.property}"]`;
  if (tag === 'link') return attrs.hreflang ? `link[rel="alternate"][hreflang="${attrs.hreflang}"]` : `link[rel="${attrs.rel}"]`;
  if (tag === 'script') return `script[type="${attrs.type}"]`;
  return 'title';
}

/**
 * Every element the page head may carry: those of the home page, the one page that has them all
 * (structured data included). A page without one of them has it removed.
 */
const managedSelectors = headElements('/', 'en', ((key: string) => key) as unknown as TFunction, '').map(selectorOf);

/**
 * Brings the document's head to `elements`: the prerendered (or earlier) tags are updated in
 * place, missing ones added, those the page does not have removed; never two of one kind.
 */
export function applyHead(doc: Document, elements: HeadElement[]) {
  const wanted = new Map(elements.map((element) => [selectorOf(element), element]));
  for (const selector of managedSelectors) {
    if (!wanted.has(selector)) doc.head.querySelectorAll(selector).forEach((node) => node.remove());
  }
  for (const [selector, { tag, attrs, text }] of wanted) {
    const [node = doc.head.appendChild(doc.createElement(tag)), ...duplicates] = doc.head.querySelectorAll(selector);
    duplicates.forEach((duplicate) => duplicate.remove());
    for (const [key, value] of Object.entries(attrs)) if (node.getAttribute(key) !== value) node.setAttribute(key, value);
    if (text !== undefined && node.textContent !== text) node.textContent = text;
  }
}

/**
 * Keeps the page head in step with the page and the language: the tab's title, the description,
 * canonical and hreflang links and the preview tags, the same as the prerendered HTML carries
 * (src/app/pageMeta.ts). A public page of that table takes its title from there; any other page
 * (a 404, the dashboard) passes its own. Absolute URLs use the origin the visitor is on.
 */
export function usePageTitle(title?: string) {
  const { t, i18n } = useTranslation();
  // The router also matches "/gallery/"; the table (like the server) knows "/gallery".
  const path = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const lang = (i18n.resolvedLanguage ?? 'en').startsWith('mr') ? 'mr' : 'en';
  useEffect(() => {
    applyHead(document, headElements(path, lang, t, window.location.origin, title));
  }, [path, lang, t, title]);
}
