/**
 * The organisation's own content (docs/DESIGN.md §12): names, address, team, sub-bodies, home
 * slides and sponsors, about and privacy texts. One document, published from the dashboard and
 * read by every component through `useSite()`, so that a publish changes every page without a
 * rebuild. No component holds any of it in code.
 *
 * A served page carries the content it was rendered with as a JSON data block before
 * `<div id="root">` (`siteContentBlock`); the client reads that same block before hydrating, so
 * the first render draws exactly the HTML it hydrates. A page without the block (the Vite dev
 * server) asks `/api/site`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteContent } from '@bindings/SiteContent';

export type { Bilingual, Member, SiteContent, SubBodyId } from '@bindings/SiteContent';

/** The id of the data block; the server writes the published content into it. */
export const SITE_CONTENT_ID = 'site-content';

const SiteContext = createContext<SiteContent | null>(null);

export function SiteContentProvider({ content, children }: { content: SiteContent; children: ReactNode }) {
  return <SiteContext value={content}>{children}</SiteContext>;
}

/** The published content. Every page is drawn inside the provider (main.tsx, entry-server.tsx, the tests' render helpers). */
export function useSite(): SiteContent {
  const content = useContext(SiteContext);
  if (!content) throw new Error('useSite() is called outside <SiteContentProvider>');
  return content;
}

/**
 * The data block carrying `content` in a page: JSON with every `<` written `\u003c`, so that no
 * text can end the element early (`</script>`) or open a comment. A data block is not executed,
 * so the Content-Security-Policy that forbids inline scripts allows it.
 */
export function siteContentBlock(content: SiteContent): string {
  const json = JSON.stringify(content).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONTENT_ID}">${json}</script>`;
}

/** The content of the page's data block; undefined when the page has none (or an unreadable one). */
export function readEmbeddedContent(doc: Document): SiteContent | undefined {
  const block = doc.getElementById(SITE_CONTENT_ID);
  if (!(block instanceof HTMLScriptElement) || block.type !== 'application/json') return undefined;
  try {
    const content: unknown = JSON.parse(block.textContent ?? '');
    return content && typeof content === 'object' && 'organisation' in content ? (content as SiteContent) : undefined;
  } catch {
    return undefined;
  }
}

/** The content to start with: the page's data block, or else the published content from the server. */
export async function loadSiteContent(): Promise<SiteContent> {
  const embedded = readEmbeddedContent(document);
  if (embedded) return embedded;
  const response = await fetch('/api/site', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/site answered ${response.status}`);
  return (await response.json()) as SiteContent;
}
