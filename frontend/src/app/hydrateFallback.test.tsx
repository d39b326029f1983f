import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { json, stubFetch, withSite } from '@/test/render';
import { addAdminRoutesFor, patchRoutesOnNavigation, routes } from './router';

/**
 * The first load of a lazy page that is not prerendered (or rendered afresh) starts with the
 * router not yet initialised; it then draws its HydrateFallback (and warns in the console when
 * there is none).
 */
describe('the first load of a lazy page', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    FakeWebSocket.install();
    stubFetch(json([]));
    warn = vi.spyOn(console, 'warn');
  });
  afterEach(() => warn.mockRestore());

  const renderAt = (path: string) =>
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('en')}>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation })} />
        </I18nextProvider>,
      ),
    );

  it('draws the site shell with "Loading..." where the page goes, then the page, and warns of nothing', async () => {
    renderAt('/contact');
    // Drawn at once, before the page's code has arrived.
    const [navigation] = screen.getAllByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('main')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 3000 })).toBeInTheDocument();
    // The same shell, kept mounted: not drawn a second time when the page arrived.
    expect(navigation).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('Loading...');
    expect(warn).not.toHaveBeenCalled();
  });

  it('draws the splash for the administrator dashboard, whose layout is itself lazy, and warns of nothing', async () => {
    await addAdminRoutesFor('/admin/dashboard');
    const { container } = renderAt('/admin/dashboard');
    expect(container.querySelector('[aria-busy="true"] img[src="/images/logo.svg"]')).not.toBeNull();
    // Without a token the dashboard sends the visitor to the administrator login.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 3000 })).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });
});
