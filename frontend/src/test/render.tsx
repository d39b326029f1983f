import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SiteContentProvider, type SiteContent } from '@/lib/siteContent';
import { createTestI18n } from './i18n';
import { sampleSite } from './sampleSite';

type Options = {
  lng?: 'en' | 'mr' | 'pseudo';
  route?: string;
  path?: string;
  /** History state of the entry (what a previous page handed over). */
  state?: unknown;
  /** The published site content (default: the sample). */
  site?: SiteContent;
};

/** `ui` inside the site content's provider (the sample, or `content`), for tests that render it themselves. */
export function withSite(ui: ReactElement, content: SiteContent = sampleSite) {
  return <SiteContentProvider content={content}>{ui}</SiteContentProvider>;
}

/** Renders `ui` with translations, the site content and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { lng = 'en', route = '/', path = '*', state, site = sampleSite }: Options = {}) {
  const i18n = createTestI18n(lng);
  const [pathname, search] = route.split('?');
  const entry = state === undefined ? route : { pathname, search: search ? `?${search}` : '', state };
  const result = render(
    withSite(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
      site,
    ),
  );
  return { ...result, i18n };
}

/** A fetch stub answering each call with the next of `answers` (a Response, or an Error to throw). */
export function stubFetch(...answers: Array<Response | Error | (() => Response | Error)>) {
  const calls: Request[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    const answer = typeof next === 'function' ? next() : next;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
