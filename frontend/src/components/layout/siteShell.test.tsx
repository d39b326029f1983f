/**
 * The site shell says what the published content says: the header's names and address, the top
 * strip's devotional line, the footer's short name, address and social profiles. The year of
 * establishment and the registration number stay the specification's.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { changedSite } from '@/test/sampleSite';
import { Footer } from './Footer';
import { Header } from './Header';

const content = changedSite(({ organisation }) => {
  organisation.name = { mr: 'नवी समिती, नाशिक', te: 'నవీ సమితి, నాశిక్', en: 'Navi Samiti, Nashik' };
  organisation.short_name = { en: 'Navi Samiti', mr: 'नवी समिती' };
  organisation.devotional_line = '॥ श्री गणेशाय नमः ॥';
  organisation.address = { en: '9 Temple Lane, Nashik 422001', mr: '९ मंदिर गल्ली, नाशिक ४२२००१' };
  organisation.social = [
    { label: 'Our page', url: 'https://www.facebook.com/navi' },
    { label: 'Photos', url: 'https://photos.example.org/navi' },
  ];
});

describe('the header', () => {
  it('shows the names in the three scripts, the devotional line and the address in the page’s language', () => {
    renderWithProviders(<Header />, { lng: 'mr', site: content });
    const banner = screen.getByRole('banner');
    for (const name of ['नवी समिती, नाशिक', 'నవీ సమితి, నాశిక్', 'Navi Samiti, Nashik']) expect(within(banner).getByText(name)).toBeInTheDocument();
    expect(within(banner).getByText('॥ श्री गणेशाय नमः ॥')).toHaveAttribute('lang', 'mr');
    expect(banner.querySelector('address')).toHaveTextContent('९ मंदिर गल्ली, नाशिक ४२२००१');
    expect(banner).toHaveTextContent('स्थापना १९३५');
    expect(banner).toHaveTextContent('A 1321');
    expect(banner).not.toHaveTextContent(/Samaj Seva|समाज सेवा/);
  });
});

describe('the footer', () => {
  it('shows the short name, the address and each social profile, with the icon of its site', () => {
    renderWithProviders(<Footer />, { site: content });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Navi Samiti' })).toBeInTheDocument();
    expect(footer.querySelector('address')).toHaveTextContent('9 Temple Lane, Nashik 422001');
    expect(footer).toHaveTextContent(/© \d{4} Navi Samiti\./);
    const links = within(footer).getAllByRole('link', { name: /opens in a new tab/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://www.facebook.com/navi', 'https://photos.example.org/navi']);
    expect(links[0]).toHaveAccessibleName(/^Our page ?\(opens in a new tab\)$/);
    // Facebook's icon for the Facebook address; a plain link icon for a site it does not know.
    const icons = links.map((link) => link.querySelector('path')?.getAttribute('d'));
    expect(icons[0]).toMatch(/^M14 8h3V4h-3/);
    expect(icons[1]).not.toBe(icons[0]);
    expect(icons[1]).toBeTruthy();
  });
});
