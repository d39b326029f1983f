import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { navigation } from '@/config/paths';
import { DesktopNav, MobileNav } from './Nav';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderNav(ui: React.ReactElement, { lng = 'en' as 'en' | 'mr', route = '/' } = {}) {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('desktop dropdown', () => {
  const aboutLink = () => screen.getByRole('link', { name: /^About/ });
  const aboutItem = () => aboutLink().closest('li')!;
  const aboutMenu = () => document.getElementById(aboutLink().getAttribute('aria-controls')!)!;
  /**
   * The stylesheet (not loaded here) shows the dropdown on hover and keyboard focus by itself, for
   * data-open="true", and hides it for "false"; the browser journeys check what is seen.
   */
  const state = () => aboutItem().getAttribute('data-open');

  it('leaves the dropdown to the stylesheet until a keyboard focus, so the prerendered HTML works before the code', () => {
    renderNav(<DesktopNav />);
    expect(state()).toBeNull();
    expect(aboutLink()).toHaveAttribute('aria-expanded', 'false');
    // Always in the document (not `hidden`): CSS :hover and a focus inside open it.
    expect(aboutMenu()).not.toHaveAttribute('hidden');
    expect(within(aboutMenu()).getAllByRole('link')).toHaveLength(8);
    fireEvent.mouseEnter(aboutItem());
    expect(state()).toBeNull();
  });

  it('opens on keyboard focus, closes with Escape, and leaves it to the stylesheet again once the focus has left', async () => {
    const user = userEvent.setup();
    renderNav(<DesktopNav />);
    await user.tab();
    await user.tab();
    expect(aboutLink()).toHaveFocus();
    expect(state()).toBe('true');
    expect(aboutLink()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(aboutMenu()).getByRole('link', { name: 'Yuvajan Sangh' })).toHaveFocus());
    await user.keyboard('{Escape}');
    // "false" hides it although the focus is inside (which alone would show it).
    expect(state()).toBe('false');
    expect(aboutLink()).toHaveFocus();
    expect(aboutLink()).toHaveAttribute('aria-expanded', 'false');
    act(() => aboutLink().blur());
    expect(state()).toBeNull();
  });

  it('closes on a choice', async () => {
    const user = userEvent.setup();
    renderNav(<DesktopNav />);
    await user.click(within(aboutMenu()).getByRole('link', { name: 'Mahila Mandal' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/about/MahilaMandal');
    expect(state()).toBe('false');
    fireEvent.mouseLeave(aboutItem());
    expect(state()).toBeNull();
    // A click on the entry itself leaves the focus there, but not the dropdown open.
    await user.click(aboutLink());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
    expect(state()).toBeNull();
  });

  it('underlines the active entry and capitalises translated labels', () => {
    renderNav(<DesktopNav />, { route: '/about/MahilaMandal' });
    expect(screen.getByRole('link', { name: /^About/ }).className).toMatch(/active/);
    expect(screen.getByRole('link', { name: 'Gallery' }).className).not.toMatch(/active/);
    for (const entry of navigation) {
      const link = screen.getByRole('link', { name: new RegExp(`^${entry.label}`) });
      expect(link.textContent![0]).toBe(link.textContent![0].toLocaleUpperCase());
    }
  });

  it('marks Matrimonials as current on the matrimonial pages outside /matrimonials, and only there', () => {
    for (const route of ['/matrimonials', '/profilecard', '/loginUser', '/matches']) {
      const { unmount } = renderNav(<DesktopNav />, { route });
      const link = screen.getByRole('link', { name: 'Matrimonials' });
      expect(link.className, route).toMatch(/active/);
      expect(link, route).toHaveAttribute('aria-current');
      expect(link).toHaveAttribute('href', '/matrimonials');
      expect(screen.getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current');
      unmount();
    }
    renderNav(<DesktopNav />, { route: '/gallery' });
    expect(screen.getByRole('link', { name: 'Matrimonials' }).className).not.toMatch(/active/);
    expect(screen.getByRole('link', { name: 'Matrimonials' })).not.toHaveAttribute('aria-current');
  });
});

describe('mobile menu', () => {
  const summary = (name: string) => screen.getByText(name, { selector: 'summary span' }).closest('summary')!;

  it('is a <details> the browser opens by itself; lists every entry and sub-entry, navigates and closes on selection', async () => {
    const user = userEvent.setup();
    renderNav(<MobileNav />, { lng: 'mr' });
    const menu = summary('मेनू').closest('details')!;
    expect(menu.open).toBe(false);

    await user.click(summary('मेनू'));
    expect(menu.open).toBe(true);
    const list = menu.querySelector('ul')!;
    const entries = navigation.length + navigation.reduce((n, e) => n + (e.children?.length ?? 0), 0);
    expect(within(list).getAllByRole('link', { hidden: true })).toHaveLength(entries);

    // Each sub-menu is its own <details>, one open at a time (they share a name).
    const services = summary('ऑनलाइन सेवा उपमेनू दाखवा').closest('details')!;
    const about = summary('आमच्याविषयी उपमेनू दाखवा').closest('details')!;
    expect(services.getAttribute('name')).toBeTruthy();
    expect(services.getAttribute('name')).toBe(about.getAttribute('name'));
    await user.click(summary('ऑनलाइन सेवा उपमेनू दाखवा'));
    expect(services.open).toBe(true);
    await user.click(within(list).getByRole('link', { name: 'आळंदी खोली आरक्षण' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/onlineServices/alandiRoomBooking');
    expect(menu.open).toBe(false);
    expect(services.open).toBe(false);

    await user.click(summary('मेनू'));
    expect(menu.open).toBe(true);
    await user.click(within(list).getByRole('link', { name: 'संपर्क' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
    expect(menu.open).toBe(false);
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    renderNav(<MobileNav />);
    const menu = summary('Menu').closest('details')!;
    await user.click(summary('Menu'));
    expect(menu.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(summary('Menu')).toHaveFocus();
  });

  it('keeps a menu opened before the page code ran open when it hydrates', async () => {
    const i18n = createTestI18n('en');
    const nav = (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <MobileNav />
        </MemoryRouter>
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(nav);
    document.body.append(container);
    const menu = container.querySelector('details')!;
    expect(menu.open).toBe(false);
    menu.open = true;
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, nav);
    });
    expect(container.querySelector('details')).toBe(menu);
    expect(menu.open).toBe(true);
    act(() => root!.unmount());
    container.remove();
  });

  it('marks Matrimonials as current on the matches page', async () => {
    const user = userEvent.setup();
    renderNav(<MobileNav />, { route: '/matches' });
    await user.click(summary('Menu'));
    const link = screen.getByRole('link', { name: 'Matrimonials' });
    expect(link.className).toMatch(/active/);
    expect(link).toHaveAttribute('aria-current', 'true');
  });
});
