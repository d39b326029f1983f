/**
 * PLACEHOLDER on the editor's branch, with the names the client's reading of the site content
 * gives (branch i19-client): the content's context, `useSite()`, and `loadSiteContent()` for
 * main.tsx (the page's data block, else `/api/site`). When the two branches meet, that branch's
 * file replaces this one whole.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteContent } from '@bindings/SiteContent';

export type { SiteContent } from '@bindings/SiteContent';

const SiteContext = createContext<SiteContent | null>(null);

export function SiteContentProvider({ content, children }: { content: SiteContent; children: ReactNode }) {
  return <SiteContext value={content}>{children}</SiteContext>;
}

export function useSite(): SiteContent {
  const content = useContext(SiteContext);
  if (!content) throw new Error('useSite() is called outside <SiteContentProvider>');
  return content;
}

/** The content to start with: the page's data block, or else the published content from the server. */
export async function loadSiteContent(): Promise<SiteContent> {
  const block = document.getElementById('site-content');
  if (block instanceof HTMLScriptElement && block.type === 'application/json') return JSON.parse(block.textContent ?? '') as SiteContent;
  const response = await fetch('/api/site', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/site answered ${response.status}`);
  return (await response.json()) as SiteContent;
}
