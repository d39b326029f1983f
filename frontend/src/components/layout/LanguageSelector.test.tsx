import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { syncHtmlLang } from '@/lib/i18n';
import { LanguageSelector } from './LanguageSelector';

describe('LanguageSelector', () => {
  it('offers English and मराठी and switches the language', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LanguageSelector />);
    i18n.on('languageChanged', syncHtmlLang);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'मराठी' }));
    await waitFor(() => expect(i18n.language).toBe('mr'));
    expect(screen.getByRole('button', { name: 'मराठी' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('mr');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
