import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { syncHtmlLang } from '@/lib/i18n';
import { LanguageSelector } from './LanguageSelector';

function WithAddress() {
  const { pathname, search } = useLocation();
  return (
    <>
      <LanguageSelector />
      <output data-testid="address">{pathname + search}</output>
    </>
  );
}

describe('LanguageSelector', () => {
  it('offers English and मराठी as links to this page in each language, which work before the code runs', () => {
    renderWithProviders(<LanguageSelector />, { route: '/gallery' });
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/gallery?lng=en');
    expect(screen.getByRole('link', { name: 'मराठी' })).toHaveAttribute('href', '/gallery?lng=mr');
    expect(screen.getByRole('link', { name: 'मराठी' })).toHaveAttribute('lang', 'mr');
  });

  it('switches the language in place once the code runs, and marks the current one', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<WithAddress />, { route: '/contact' });
    i18n.on('languageChanged', syncHtmlLang);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'मराठी' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('link', { name: 'मराठी' }));
    await waitFor(() => expect(i18n.language).toBe('mr'));
    expect(screen.getByRole('link', { name: 'मराठी' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('mr');
    // No navigation: the address stays as it was.
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/contact$/);

    await user.click(screen.getByRole('link', { name: 'English' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('changes a lng already in the address, so that a reload keeps the choice', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<WithAddress />, { route: '/contact?lng=en&x=1' });
    await user.click(screen.getByRole('link', { name: 'मराठी' }));
    await waitFor(() => expect(i18n.language).toBe('mr'));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/contact\?lng=mr&x=1$/);
  });
});
