import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { json, stubFetch, withSite } from '@/test/render';
import HomePage from './HomePage';
import { REVEAL_MS, REVEAL_SEEN_KEY } from '@/features/home/components/RevealAnimation';

/** The site at `path`: the real home page, and a page with a link back to it. */
function openSiteAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/gallery', element: <Link to="/">Home</Link> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    withSite(
      <I18nextProvider i18n={createTestI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  );
  return { router, ...view };
}

const reveal = () => screen.queryByTestId('reveal');

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('the reveal animation', () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    sessionStorage.clear();
    FakeWebSocket.install();
    stubFetch(json([]));
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it('plays over the home page, which is already rendered beneath it, and is gone after 1.5 s', () => {
    vi.useFakeTimers();
    openSiteAt('/');
    const curtain = reveal();
    expect(curtain).toBeInTheDocument();
    expect(curtain).toHaveAttribute('aria-hidden', 'true');
    // The page's first screen is there under the curtain, not mounted after it (what lies below
    // the fold arrives with its own code: lib/deferred.tsx).
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Highlights' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(REVEAL_MS - 1));
    expect(reveal()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(reveal()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('plays once per visit: opening Home again in the same visit (a reload) shows no reveal', () => {
    const first = openSiteAt('/');
    expect(reveal()).toBeInTheDocument();
    expect(sessionStorage.getItem(REVEAL_SEEN_KEY)).not.toBeNull();
    first.unmount();

    openSiteAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(reveal()).not.toBeInTheDocument();
  });

  it('never plays on a navigation inside the site back to Home', async () => {
    const { router } = openSiteAt('/');
    expect(reveal()).toBeInTheDocument();
    await act(() => router.navigate('/gallery'));
    // Back with the browser's back button, and forward again through a link.
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(reveal()).not.toBeInTheDocument();
    await act(() => router.navigate('/gallery'));
    act(() => screen.getByRole('link', { name: 'Home' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(reveal()).not.toBeInTheDocument();
  });

  it('does not play when the visit opened on another page and Home is reached through a link', () => {
    openSiteAt('/gallery');
    act(() => screen.getByRole('link', { name: 'Home' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(reveal()).not.toBeInTheDocument();
    // Not spent either: a later visit that opens on Home still gets it.
    expect(sessionStorage.getItem(REVEAL_SEEN_KEY)).toBeNull();
  });

  it('does not play at all for a visitor who prefers reduced motion', () => {
    preferReducedMotion(true);
    openSiteAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(reveal()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(REVEAL_SEEN_KEY)).toBeNull();
  });
});
