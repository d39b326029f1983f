/**
 * In the browser the head follows the page and the language: navigating inside the app or
 * switching the language updates the prerendered tags in place (never a second copy), and a page
 * outside the table of public pages drops the links that belong to another page.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN_PLACEHOLDER, headTags, prerenderedPaths } from '@/config/pageMeta';
import { pageTitle } from '@/config/pageTitles';
import { routes } from './router';
import { SiteContentProvider } from '@/lib/siteContent';
import { sampleSite } from '@/test/sampleSite';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { createTestI18n } from '@/test/i18n';
import { json, stubFetch } from '@/test/render';

/** The origin the visitor is on; the server writes its public origin, which may differ. */
const origin = window.location.origin;
const publicOrigin = 'https://samiti.example.org';
const organisation = sampleSite.organisation;

/** The head as the server sends a prerendered page: the build's tags, its public origin filled in. */
function prerenderedHead(path: string, lang: 'en' | 'mr') {
  const html = headTags(path, lang, createTestI18n(lang).t, sampleSite).split(ORIGIN_PLACEHOLDER).join(publicOrigin);
  document.head.innerHTML = `<meta charset="utf-8"><link rel="manifest" href="/manifest.webmanifest">${html}`;
}

function renderApp(path: string, lang: 'en' | 'mr' = 'en') {
  const i18n = createTestI18n(lang);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SiteContentProvider content={sampleSite}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </SiteContentProvider>,
  );
  return { router, i18n };
}

const one = (selector: string) => {
  const found = document.head.querySelectorAll(selector);
  expect(found, selector).toHaveLength(1);
  return found[0];
};
const content = (key: string) => one(`meta[name="${key}"], meta[property="${key}"]`).getAttribute('content');
const href = (selector: string) => one(selector).getAttribute('href');

/** No element of the head appears twice. */
function expectNoDuplicates() {
  const keys = [...document.head.children].map(
    (node) => `${node.tagName} ${node.getAttribute('name') ?? node.getAttribute('property') ?? node.getAttribute('rel') ?? ''} ${node.getAttribute('hreflang') ?? ''}`,
  );
  expect(keys.length).toBe(new Set(keys).size);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('the page head in the browser', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(json([]));
    document.head.innerHTML = '';
  });

  it('keeps the prerendered tags and updates them in place on navigation', async () => {
    prerenderedHead('/gallery', 'en');
    const before = document.head.innerHTML;
    const canonical = one('link[rel="canonical"]');
    const description = one('meta[name="description"]');
    const { router } = renderApp('/gallery');
    await heading('Images Gallery');
    // The first screen's head is already this page's: left as the server wrote it.
    expect(document.head.innerHTML).toBe(before);
    expect(document.title).toBe('Images Gallery · Samaj Seva Samiti');
    expect(href('link[rel="canonical"]')).toBe(`${publicOrigin}/gallery`);

    await act(() => router.navigate('/onlineServices/alandiRoomBooking'));
    await heading('Alandi Room Booking');
    expect(document.title).toBe('Alandi Room Booking · Samaj Seva Samiti');
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}/onlineServices/alandiRoomBooking`));
    // The same elements, now saying what the new page is.
    expect(one('link[rel="canonical"]')).toBe(canonical);
    expect(one('meta[name="description"]')).toBe(description);
    expect(content('description')).toMatch(/^Book a room at the Samiti's pilgrim lodge in Alandi/);
    expect(href('link[rel="canonical"]')).toBe(`${origin}/onlineServices/alandiRoomBooking`);
    expect(href('link[rel="alternate"][hreflang="mr"]')).toBe(`${origin}/onlineServices/alandiRoomBooking?lng=mr`);
    expect(href('link[rel="alternate"][hreflang="x-default"]')).toBe(`${origin}/onlineServices/alandiRoomBooking`);
    expect(content('og:url')).toBe(`${origin}/onlineServices/alandiRoomBooking`);
    expect(content('og:title')).toBe(document.title);
    expect(content('twitter:description')).toBe(content('description'));
    expect(one('link[rel="manifest"]')).toBeInTheDocument();
    expectNoDuplicates();
  });

  it('follows a change of language', async () => {
    prerenderedHead('/contact', 'en');
    const { i18n } = renderApp('/contact');
    await heading('Contact Us');
    await act(() => i18n.changeLanguage('mr'));
    await heading('संपर्क साधा');
    expect(document.title).toBe(`संपर्क साधा · ${organisation.short_name.mr}`);
    await waitFor(() => expect(content('description')).toMatch(/^समितीचा पत्ता/));
    expect(href('link[rel="canonical"]')).toBe(`${origin}/contact?lng=mr`);
    expect(content('og:locale')).toBe('mr_IN');
    expect(content('og:locale:alternate')).toBe('en_IN');
    expect(content('og:site_name')).toBe(organisation.name.mr);
    expectNoDuplicates();
  });

  it('adds the tags to a bare shell, and the structured data on the home page only', async () => {
    document.head.innerHTML = '<title>Samaj Seva Samiti</title><meta name="description" content="shell">';
    const { router } = renderApp('/', 'mr');
    await screen.findByRole('heading', { level: 1, name: 'मुख्यपृष्ठ' }, { timeout: 3000 });
    expect(document.title).toBe(organisation.name.mr);
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}/?lng=mr`));
    const data = JSON.parse(one('script[type="application/ld+json"]').textContent ?? '');
    expect([data.name, ...data.alternateName]).toEqual([organisation.name.mr, organisation.name.te, organisation.name.en]);
    expectNoDuplicates();

    await act(() => router.navigate('/about'));
    await heading('आमच्याविषयी');
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}/about?lng=mr`));
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('drops the page links on a page outside the table and puts them back on return', async () => {
    prerenderedHead('/contact', 'en');
    const { router } = renderApp('/contact');
    await heading('Contact Us');
    await act(() => router.navigate('/no/such/page'));
    await heading('Page not found');
    expect(document.title).toBe('Page not found · Samaj Seva Samiti');
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')).toBeNull());
    for (const selector of ['link[rel="canonical"]', 'link[rel="alternate"]', 'meta[property="og:url"]']) {
      expect(document.head.querySelector(selector), selector).toBeNull();
    }
    expect(content('og:title')).toBe('Page not found · Samaj Seva Samiti');
    expect(content('og:image')).toBe(`${origin}/images/icons/preview-card.png`);

    await act(() => router.navigate('/gallery/'));
    await heading('Images Gallery');
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}/gallery`));
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(3);
    expectNoDuplicates();
  });

  for (const path of prerenderedPaths.filter((p) => p !== '/')) {
    it(`${path} shows as its heading the title its prerendered head carries`, async () => {
      const t = createTestI18n('mr').t;
      prerenderedHead(path, 'mr');
      const headTitle = document.title;
      renderApp(path, 'mr');
      await heading(pageTitle(path, t));
      expect(headTitle).toBe(`${pageTitle(path, t)} · ${organisation.short_name.mr}`);
      expect(document.title).toBe(headTitle);
    });
  }
});
