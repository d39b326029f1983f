/**
 * Roles in the dashboard (docs/DESIGN.md §10): the sections table filtered by the roles that
 * verify gives, the "no access" panel for a section reached by its address or refused with 403
 * while it was open, and the password change that comes first after an owner's reset.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { allRoles, sectionsFor, type Role } from '@/config/adminSections';
import { setUnauthorizedHandler } from '@/lib/api';
import { json, mockFetch } from '@/test/adminRender';
import { createTestI18n } from '@/test/i18n';
import { adminRoutes } from './adminRoutes';
import { adminSections } from './adminSections';
import { withSite } from '@/test/render';

const verified = (roles: Role[], must_change_password = false) => () =>
  json({ valid: true, email: 'clerk@example.org', roles, must_change_password });

function renderDashboard(entry: string, lng: 'en' | 'mr' = 'en') {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [entry] });
  render(
    withSite(
      <I18nextProvider i18n={createTestI18n(lng)}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ),
  );
  return router;
}

const menuLinks = async () => within(await screen.findByRole('navigation', { name: 'Administrator menu' })).getAllByRole('link').map((a) => a.textContent);

beforeEach(() => {
  localStorage.setItem('adminToken', 'tok');
  setUnauthorizedHandler(vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('the sections table and the roles', () => {
  const paths = (role: Role) => sectionsFor(adminSections, [role]).map((s) => s.path);

  it('names a role for every section; an owner opens them all, the new sections only an owner', () => {
    for (const section of adminSections) expect(allRoles).toContain(section.role);
    expect(paths('owner')).toEqual(adminSections.map((s) => s.path));
    for (const role of allRoles.filter((r) => r !== 'owner')) {
      expect(paths(role)).not.toContain('administrators');
      expect(paths(role)).not.toContain('audit');
      expect(paths(role)).not.toContain('backup');
    }
    // The owners' pages close the sidebar: administrators, the audit log, then backups.
    expect(paths('owner').slice(-3)).toEqual(['administrators', 'audit', 'backup']);
  });

  it('gives each role its sections (DESIGN §10), the booking lists by the server table', () => {
    const bookingStems = bookingKindList.filter((kind) => bookingKindFacts[kind].role === 'bookings').map((kind) => bookingKindFacts[kind].stem);
    expect(paths('bookings')).toEqual([...bookingStems, 'booking-capacity']);
    expect(paths('communications')).toEqual(['contacts', 'subscribers', 'updates', 'mail']);
    expect(paths('content')).toEqual(['notifications', 'events', 'gallery', 'magazines', 'career', 'site-content']);
    expect(paths('families')).toEqual(['heads']);
    expect(paths('matrimony')).toEqual(['profiles']);
    // Several roles open the union, in the table's order.
    expect(sectionsFor(adminSections, ['families', 'communications']).map((s) => s.path)).toEqual(['contacts', 'subscribers', 'updates', 'mail', 'heads']);
  });
});

describe('an owner in the dashboard', () => {
  it('finds Backups after the audit log in the menu, and opens it', async () => {
    const server = mockFetch({
      'GET /api/admin/verify': verified(['owner']),
      'GET /api/admin/backup': () => json({ schedule: null, kept: [] }),
    });
    renderDashboard('/admin/dashboard/backup');
    const links = await menuLinks();
    expect(links.slice(links.indexOf('Administrators'), links.indexOf('Administrators') + 3)).toEqual(['Administrators', 'Audit log', 'Backups']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    expect(await screen.findByText('No automatic backups are set up.')).toBeInTheDocument();
    expect(server.calls('GET', '/api/admin/backup')).toHaveLength(1);
  });
});

describe('a bookings clerk in the dashboard', () => {
  it('sees only the booking sections, Account and Logout; the home page counts only the room bookings', async () => {
    const server = mockFetch({ 'GET /api/admin/verify': verified(['bookings']), 'GET /api/bookings': () => json([], { total: 4 }) });
    renderDashboard('/admin/dashboard');
    expect(await menuLinks()).toEqual([
      'Alandi Room Bookings',
      'Markandeya Abhishek Bookings',
      'Poshavvadevi Abhishek Bookings',
      'Shitaladevi Abhishek Bookings',
      'Capacity and closed dates',
      'View website',
      'Account',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/bookings')).toHaveLength(1));
    // No call the roles would refuse.
    const asked = server.requests.map((r) => r.url.pathname);
    expect(asked.every((path) => path === '/api/admin/verify' || path === '/api/bookings')).toBe(true);
    const shortcuts = within(screen.getByRole('region', { name: 'Other sections' })).getAllByRole('link').map((a) => a.textContent);
    expect(shortcuts).toEqual(['Markandeya Abhishek Bookings', 'Poshavvadevi Abhishek Bookings', 'Shitaladevi Abhishek Bookings', 'Capacity and closed dates']);
  });

  it.each([
    ['en', 'You do not have access to this section', 'Back to the dashboard'],
    ['mr', 'या विभागात प्रवेश करण्याची तुमची परवानगी नाही', 'डॅशबोर्डवर परत जा'],
  ] as const)('opening /admin/dashboard/contacts by its address shows the no-access panel (%s)', async (lng, heading, back) => {
    const server = mockFetch({ 'GET /api/admin/verify': verified(['bookings']) });
    renderDashboard('/admin/dashboard/contacts', lng);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', '/admin/dashboard');
    expect(server.calls('GET', '/api/contacts')).toHaveLength(0);
    // Not a redirect, and the token is kept.
    expect(localStorage.getItem('adminToken')).toBe('tok');
  });

  it('opening the owners\' Backups page by its address shows the no-access panel and asks nothing of the backups', async () => {
    const server = mockFetch({ 'GET /api/admin/verify': verified(['bookings', 'content', 'communications', 'families', 'matrimony']) });
    renderDashboard('/admin/dashboard/backup');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this section' })).toBeInTheDocument();
    expect(await menuLinks()).not.toContain('Backups');
    expect(server.calls('GET', '/api/admin/backup')).toHaveLength(0);
  });

  it('is shown the panel in place when a call of an open page answers 403 for the roles, and the roles are asked again', async () => {
    let roles: Role[] = ['bookings'];
    const server = mockFetch({
      'GET /api/admin/verify': () => verified(roles)(),
      'GET /api/bookings': () => json({ error: 'Your roles do not give access to this section' }, { status: 403 }),
    });
    renderDashboard('/admin/dashboard/bookings');
    await screen.findByRole('navigation', { name: 'Administrator menu' });
    roles = ['families'];
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this section' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/admin/verify')).toHaveLength(2));
    expect(await menuLinks()).toEqual(['Family Details', 'View website', 'Account']);
    expect(localStorage.getItem('adminToken')).toBe('tok');
  });
});

describe('a password reset by an owner', () => {
  it('opens the Account page with the notice, and nothing else, until the password is changed', async () => {
    const user = userEvent.setup();
    let mustChange = true;
    mockFetch({
      'GET /api/admin/verify': () => verified(['communications'], mustChange)(),
      'PUT /api/admin/password': () => {
        mustChange = false;
        return json({ token: 'new-token' });
      },
    });
    const router = renderDashboard('/admin/dashboard/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard/account');
    expect(screen.getByText('An owner has reset your password.')).toBeInTheDocument();
    expect(await menuLinks()).toEqual(['View website', 'Account']);

    await user.type(screen.getByLabelText('Current password'), 'given-by-owner');
    await user.type(screen.getByLabelText('New password'), 'my-own-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other devices have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('An owner has reset your password.')).not.toBeInTheDocument());
    expect(await menuLinks()).toEqual(['Contacts', 'Subscribers', 'Updates by e-mail', 'Send log', 'View website', 'Account']);
    expect(localStorage.getItem('adminToken')).toBe('new-token');
  });

  it('goes to the password change when a call answers 403 "Please change your password first"', async () => {
    mockFetch({
      'GET /api/admin/verify': verified(['bookings']),
      'GET /api/bookings': () => json({ error: 'Please change your password first' }, { status: 403 }),
    });
    const router = renderDashboard('/admin/dashboard/bookings');
    expect(await screen.findByText('An owner has reset your password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard/account');
  });
});
