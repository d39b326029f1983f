/**
 * Test helpers of the administrator area: render inside a memory router with an i18next
 * instance (English; keys are the English texts) and the sample site content, and a fetch stub
 * that answers by "METHOD /path" and records every request.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { baseOptions } from '@/lib/i18n';
import { SiteContentProvider } from '@/lib/siteContent';
import { sampleSite } from './sampleSite';
import { createTestI18n } from './i18n';
import en from '@/../public/locales/en/translation.json';

export function testI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ ...baseOptions, lng: 'en', resources: { en: { translation: en } } });
  return i18n;
}

/**
 * Renders `ui` on the route `path` (default /), opened at `entry` (default `path`; e.g. path
 * /admin/family/:headId, entry /admin/family/3, or a location with its router state); `routes`
 * adds other pages (e.g. /login) to land on; `lng` 'mr' renders in Marathi (the real translations).
 */
export function renderAt(
  ui: ReactElement,
  { path = '/', entry = path, routes = [], lng = 'en' }: { path?: string; entry?: InitialEntry; routes?: RouteObject[]; lng?: 'en' | 'mr' } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [entry] });
  const result = render(
    <SiteContentProvider content={sampleSite}>
      <I18nextProvider i18n={lng === 'en' ? testI18n() : createTestI18n(lng)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </SiteContentProvider>,
  );
  return { ...result, router };
}

export type Handler = (request: Request, url: URL, params: Record<string, string>) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit & { total?: number } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  if (init.total !== undefined) headers.set('X-Total-Count', String(init.total));
  return new Response(JSON.stringify(body), { ...init, headers });
}

export const noContent = () => new Response(null, { status: 204 });

type Route = { method: string; pattern: RegExp; names: string[]; handler: Handler };

function compile(key: string, handler: Handler): Route {
  const [method, path] = key.split(' ');
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

/**
 * Stubs fetch; `routes` maps "GET /api/contacts" or "PUT /notifications/:id" to a handler.
 * Unknown calls answer 404. Every request is recorded with its parsed JSON body.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const table = Object.entries(routes).map(([key, handler]) => compile(key, handler));
  const requests: Array<{ method: string; url: URL; body: unknown; headers: Headers }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    requests.push({ method: request.method, url, body: text ? JSON.parse(text) : undefined, headers: request.headers });
    for (const route of table) {
      const match = route.method === request.method ? route.pattern.exec(url.pathname) : null;
      if (match) return route.handler(request, url, Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]])));
    }
    return json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    calls: (method: string, pathname: string) => requests.filter((r) => r.method === method && r.url.pathname === pathname),
  };
}
