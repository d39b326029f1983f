/**
 * The page head in the browser: brings the document's head to what src/config/pageMeta.ts gives
 * for a page and language. Loaded by usePageTitle when the head has to change (a navigation, a
 * switch of language, a page that was not prerendered), never for the first screen of a
 * prerendered page, whose head already is right.
 */
import type { TFunction } from 'i18next';
import type { Language } from './i18n';
import type { SiteContent } from './siteContent';
import { headElements, type HeadElement } from '@/config/pageMeta';

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
const managedSelectors = (content: SiteContent) =>
  headElements('/', 'en', ((key: string) => key) as unknown as TFunction, '', content).map(selectorOf);

/**
 * Brings the document's head to `elements`: the prerendered (or earlier) tags are updated in
 * place, missing ones added, those the page does not have removed; never two of one kind.
 */
export function applyHead(doc: Document, elements: HeadElement[], managed: string[]) {
  const wanted = new Map(elements.map((element) => [selectorOf(element), element]));
  for (const selector of managed) {
    if (!wanted.has(selector)) doc.head.querySelectorAll(selector).forEach((node) => node.remove());
  }
  for (const [selector, { tag, attrs, text }] of wanted) {
    const [node = doc.head.appendChild(doc.createElement(tag)), ...duplicates] = doc.head.querySelectorAll(selector);
    duplicates.forEach((duplicate) => duplicate.remove());
    for (const [key, value] of Object.entries(attrs)) if (node.getAttribute(key) !== value) node.setAttribute(key, value);
    if (text !== undefined && node.textContent !== text) node.textContent = text;
  }
}

/** The head of `path` in `lang`, with the URLs of the origin the visitor is on. */
export function updateHead(path: string, lang: Language, t: TFunction, content: SiteContent, title?: string) {
  applyHead(document, headElements(path, lang, t, window.location.origin, content, title), managedSelectors(content));
}
