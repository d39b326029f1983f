import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { navigation } from '@/config/paths';
import { DROPDOWN_CLOSE_DELAY_MS, DesktopNav, MobileNav } from './Nav';

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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const aboutItem = () => screen.getByRole('link', { name: /^About/ }).closest('li')!;
  const aboutMenu = () => document.getElementById(screen.getByRole('link', { name: /^About/ }).getAttribute('aria-controls')!)!;

  it('opens on hover and closes exactly 200 ms after the pointer leaves', () => {
    renderNav(<DesktopNav />);
    expect(DROPDOWN_CLOSE_DELAY_MS).toBe(200);
    expect(aboutMenu()).not.toBeVisible();

    fireEvent.mouseEnter(aboutItem());
    expect(aboutMenu()).toBeVisible();
    expect(within(aboutMenu()).getByRole('link', { name: 'Temple Committee' })).toBeVisible();

    fireEvent.mouseLeave(aboutItem());
    act(() => vi.advanceTimersByTime(199));
    expect(aboutMenu()).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(aboutMenu()).not.toBeVisible();
  });

  it('stays open when the pointer comes back within 200 ms', () => {
    renderNav(<DesktopNav />);
    fireEvent.mouseEnter(aboutItem());
    fireEvent.mouseLeave(aboutItem());
    act(() => vi.advanceTimersByTime(150));
    fireEvent.mouseEnter(aboutItem());
    act(() => vi.advanceTimersByTime(500));
    expect(aboutMenu()).toBeVisible();
  });

  it('opens on keyboard focus, closes with Escape', () => {
    renderNav(<DesktopNav />);
    const about = screen.getByRole('link', { name: /^About/ });
    act(() => about.focus());
    expect(aboutMenu()).toBeVisible();
    expect(about).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(about, { key: 'Escape' });
    expect(aboutMenu()).not.toBeVisible();
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
  it('lists every entry and sub-entry, navigates and closes on selection', async () => {
    const user = userEvent.setup();
    renderNav(<MobileNav />, { lng: 'mr' });
    const button = screen.getByRole('button', { name: 'मेनू' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();
    const entries = navigation.length + navigation.reduce((n, e) => n + (e.children?.length ?? 0), 0);
    expect(within(list).getAllByRole('link', { hidden: true })).toHaveLength(entries);

    await user.click(within(list).getByRole('button', { name: 'ऑनलाइन सेवा उपमेनू दाखवा' }));
    await user.click(within(list).getByRole('link', { name: 'आळंदी खोली आरक्षण' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/onlineServices/alandiRoomBooking');
    expect(list).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'मेनू' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'मेनू' }));
    await user.click(within(list).getByRole('link', { name: 'संपर्क' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
    expect(list).not.toBeVisible();
  });

  it('marks Matrimonials as current on the matches page', async () => {
    const user = userEvent.setup();
    renderNav(<MobileNav />, { route: '/matches' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const link = screen.getByRole('link', { name: 'Matrimonials' });
    expect(link.className).toMatch(/active/);
    expect(link).toHaveAttribute('aria-current', 'true');
  });
});
