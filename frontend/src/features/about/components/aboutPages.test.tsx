/**
 * The about pages show what the published content says: the team's groups and members (a role in
 * the page's language, a phone only when given), a sub-body's description and members by its id,
 * the about text and the privacy policy drawn from their markdown.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MATRIMONIAL_TERMS_ID } from '@/config/privacyTerms';
import { renderWithProviders } from '@/test/render';
import { changedSite } from '@/test/sampleSite';
import AboutPage from './AboutPage';
import ManagementTeamPage from './ManagementTeamPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import SubBodyPage from './SubBodyPage';

const content = changedSite((c) => {
  c.team = [
    {
      title: { en: 'Board of Trustees', mr: 'विश्वस्त' },
      members: [
        { name: { en: 'Smt. Kamala Rao', mr: 'श्रीमती कमला राव' }, role: { en: 'Chair', mr: 'अध्यक्षा' }, phone: '+91 98200 11111' },
        { name: { en: 'Shri Ganesh Rao', mr: 'श्री. गणेश राव' }, role: { en: 'Trustee', mr: 'विश्वस्त सदस्य' } },
      ],
    },
  ];
  const mahila = c.sub_bodies.find((body) => body.id === 'MahilaMandal')!;
  mahila.description = { en: 'Workshops every Sunday.', mr: 'दर रविवारी कार्यशाळा.' };
  mahila.members = [{ name: { en: 'Smt. Uma Joshi', mr: 'श्रीमती उमा जोशी' }, role: { en: 'President', mr: 'अध्यक्षा' } }];
  c.about = { en: 'We began in a small hall.\n\n## Today\n- a temple\n- [eight sub-bodies](/about/MahilaMandal)', mr: 'एका छोट्या सभागृहात सुरुवात.' };
  c.privacy = { en: 'We keep little.\n\n## Matrimonial terms {#matrimonial-terms}\nBe truthful. [Write to us](mailto:office@navi.example) or [click](javascript:alert(1)).', mr: 'मराठी धोरण.' };
});

describe('the management team page', () => {
  it('shows each group with its members, their roles in Marathi and a phone only where given', () => {
    renderWithProviders(<ManagementTeamPage />, { lng: 'mr', site: content });
    const group = screen.getByRole('region', { name: 'विश्वस्त' });
    const cards = within(group).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('श्रीमती कमला राव');
    expect(cards[0]).toHaveTextContent('अध्यक्षा');
    expect(within(cards[0]).getByRole('link', { name: '+91 98200 11111' })).toHaveAttribute('href', 'tel:+919820011111');
    expect(cards[1]).toHaveTextContent('विश्वस्त सदस्य');
    expect(within(cards[1]).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });
});

describe('a sub-body page', () => {
  it('shows the description and members of the sub-body of its id', () => {
    renderWithProviders(<SubBodyPage id="MahilaMandal" />, { site: content });
    expect(screen.getByRole('heading', { level: 1, name: 'Mahila Mandal' })).toBeInTheDocument();
    expect(screen.getByText('Workshops every Sunday.')).toBeInTheDocument();
    const members = screen.getAllByRole('listitem');
    expect(members).toHaveLength(1);
    expect(members[0]).toHaveTextContent('Smt. Uma JoshiPresident');
  });
});

describe('the about page', () => {
  it('draws the about text with its heading, list and a link of the site, and each sub-body’s description', () => {
    renderWithProviders(<AboutPage />, { site: content });
    expect(screen.getByText('We began in a small hall.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'eight sub-bodies' })).toHaveAttribute('href', '/about/MahilaMandal');
    expect(screen.getByRole('link', { name: /Mahila Mandal/ })).toHaveTextContent('Workshops every Sunday.');
  });

  it('in Marathi, draws the Marathi text', () => {
    renderWithProviders(<AboutPage />, { lng: 'mr', site: content });
    expect(screen.getByText('एका छोट्या सभागृहात सुरुवात.')).toBeInTheDocument();
    expect(screen.queryByText('We began in a small hall.')).toBeNull();
  });
});

describe('the privacy policy', () => {
  it('draws the privacy text, the matrimonial terms at their anchor, and no link of another scheme', () => {
    renderWithProviders(<PrivacyPolicyPage />, { site: content });
    expect(screen.getByRole('heading', { level: 2, name: 'Matrimonial terms' })).toHaveAttribute('id', MATRIMONIAL_TERMS_ID);
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', 'mailto:office@navi.example');
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(screen.getByText(/Be truthful\./)).toHaveTextContent('Be truthful. Write to us or click.');
  });
});
