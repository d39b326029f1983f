import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { json, stubFetch, withSite } from '@/test/render';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { patchRoutesOnNavigation, routes } from './router';

/** Every public route of docs/SPECIFICATION.md §2, written exactly as there. */
const publicPaths = [
  '/', '/about', '/about/YuvajanSangh', '/about/SeniorCitizen', '/about/CounsellingClub', '/about/VadhuVarMandal',
  '/about/ShikshanSanstha', '/about/MahilaMandal', '/about/PurohitSangh', '/about/TempleCommittee', '/gallery',
  '/onlineServices', '/onlineServices/memberRegistraion', '/onlineServices/alandiRoomBooking',
  '/onlineServices/markandeyaAbhishek', '/onlineServices/poshavvadeviAbhishek', '/onlineServices/shitaladeviAbhishek',
  '/matrimonials', '/managementTeam', '/magazines', '/career', '/contact', '/profilecard', '/loginUser', '/matches',
  '/privacy-policy',
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  render(
    withSite(
      <I18nextProvider i18n={createTestI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  );
  return router;
}

describe('routes', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(json([]));
  });

  for (const path of publicPaths) {
    it(`${path} shows a page inside the site shell`, async () => {
      renderAt(path);
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 3000 });
      expect(heading).not.toHaveTextContent('Page not found');
      expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(0);
      // The footer is shown only on the home page (below the fold, with its own code).
      if (path === '/') expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
      else expect(screen.queryByRole('contentinfo')).toBeNull();
    });
  }

  it('an unknown path shows "Page not found"', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('/login forwards to /adminLogin', async () => {
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminLogin'));
  });
});
