/**
 * The contact page shows what the published content says: the name, the address in the page's
 * language, the phone and e-mail as links, the social profiles, and the map of its place.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { changedSite } from '@/test/sampleSite';
import ContactPage from './ContactPage';

const content = changedSite(({ organisation }) => {
  organisation.name.mr = 'नवी समिती, नाशिक';
  organisation.address = { en: '9 Temple Lane, Nashik 422001', mr: '९ मंदिर गल्ली, नाशिक ४२२००१' };
  organisation.phone = '+91 253 123 4567';
  organisation.email = 'office@navi.example';
  organisation.map_place = 'Kalaram Temple, Nashik';
  organisation.social = [{ label: 'Instagram', url: 'https://www.instagram.com/navi' }];
});

describe('the contact page', () => {
  it('shows the address, phone, e-mail and profiles of the content', () => {
    renderWithProviders(<ContactPage />, { lng: 'mr', site: content });
    const address = screen.getByRole('region', { name: 'पत्ता' });
    expect(within(address).getByText('नवी समिती, नाशिक')).toHaveAttribute('lang', 'mr');
    expect(address.querySelector('address')).toHaveTextContent('९ मंदिर गल्ली, नाशिक ४२२००१');
    expect(within(address).getByRole('link', { name: '+91 253 123 4567' })).toHaveAttribute('href', 'tel:+912531234567');
    expect(within(address).getByRole('link', { name: 'office@navi.example' })).toHaveAttribute('href', 'mailto:office@navi.example');
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/navi');
  });

  it('links and, once the page has loaded, embeds the map of the content’s place', async () => {
    renderWithProviders(<ContactPage />, { site: content });
    const place = encodeURIComponent('Kalaram Temple, Nashik');
    expect(screen.getByRole('link', { name: 'Open the map in a new tab' })).toHaveAttribute('href', `https://maps.google.com/maps?q=${place}`);
    const map = await waitFor(() => screen.getByTitle('Map showing the location of our office'), { timeout: 4000 });
    expect(map).toHaveAttribute('src', `https://maps.google.com/maps?q=${place}&z=15&output=embed`);
  });
});
