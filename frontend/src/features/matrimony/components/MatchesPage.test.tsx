import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { json, renderWithProviders } from '@/test/render';
import { changedSite } from '@/test/sampleSite';
import type { SiteContent } from '@/lib/siteContent';
import { getMemberToken, setMemberToken } from '../api';
import { publicProfile, serveMatches, signed } from '../testing/fakeProfiles';
import MatchesPage from './MatchesPage';

function LoginStandIn() {
  const state = useLocation().state as { message?: string } | null;
  return <p>{`login page: ${state?.message ?? ''}`}</p>;
}

/** The history entry's state and query, as a reload would find them. */
function HistoryState() {
  const { state, search } = useLocation();
  return <span data-testid="history-state">{`${search} ${JSON.stringify(state)}`}</span>;
}

function renderPage({ route = '/matches', state, lng = 'en', site }: { route?: string; state?: unknown; lng?: 'en' | 'mr'; site?: SiteContent } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/matches" element={<MatchesPage />} />
      <Route path="/loginUser" element={<LoginStandIn />} />
    </Routes>,
    { route, state, lng, site },
  );
}

/** The published content with phone numbers for the matchmaking board's first office bearers. */
const boardWithPhones = changedSite((content) => {
  const board = content.sub_bodies.find((body) => body.id === 'VadhuVarMandal')!;
  board.members[0].phone = '+91 98220 11111';
  board.members[2].phone = '98220 33333';
  board.members[3].phone = '98220 44444';
});

const cards = () => screen.queryAllByTestId('profile-card');
const names = () => cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const socket = () => FakeWebSocket.instances.at(-1)!;

beforeEach(() => {
  FakeWebSocket.install();
  setMemberToken('member-token');
});

afterEach(() => vi.restoreAllMocks());

describe('the matches page', () => {
  it('sends a visitor without the member token to the login', async () => {
    localStorage.clear();
    const fake = serveMatches([]);
    renderPage();
    expect(await screen.findByText('login page: Please log in to see the matches.')).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });

  it("says 'Loading...' until the profiles arrive, then shows a card for each, with the member token", async () => {
    const fake = serveMatches([
      publicProfile(2, 'Asha Patil'),
      publicProfile(1, 'Ravi Kulkarni', { gender: 'Male', profile_for: 'Son', photo: null, photo_thumb: null, biodata: null, about: '' }),
    ]);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const served = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate;
      return served(...args);
    }) as typeof fetch;
    renderPage({ state: { message: 'Login successful' } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(names()).toEqual(['Asha Patil', 'Ravi Kulkarni']));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(fake.requests[0].headers.get('Authorization')).toBe('Bearer member-token');

    const [asha, ravi] = cards();
    const photo = within(asha).getByRole('img', { name: 'Photo of Asha Patil' });
    expect(photo).toHaveAttribute('src', expect.stringMatching(/^\/api\/profile\/files\/photo-2-480\.webp\?expires=\d+&sig=/));
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '320');
    expect(photo).toHaveAttribute('height', '400');
    for (const [label, value] of [
      ['Profile for', 'Daughter'],
      ['Gender', 'Female'],
      ['Date of birth', '1 Feb 1998 (28 years)'],
      ['Religion', 'Hindu'],
      ['Caste', 'Padmashali'],
      ['Occupation', 'Teacher'],
      ['Education', 'M.A.'],
      ['Location', 'Solapur'],
      ['Height', '5\'4"'],
    ]) {
      expect(within(asha).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(asha).getByText('Likes music.')).toBeInTheDocument();
    const biodata = within(asha).getByRole('link', { name: 'View BioData' });
    expect(biodata).toHaveAttribute('href', expect.stringMatching(/^\/api\/profile\/files\/biodata-2\.pdf\?/));
    expect(biodata).toHaveAttribute('target', '_blank');
    expect(biodata).toHaveAccessibleDescription('Asha Patil');

    expect(within(ravi).getByText('No Photo')).toBeInTheDocument();
    expect(within(ravi).queryByRole('img')).toBeNull();
    expect(within(ravi).getByText('No biodata given')).toBeInTheDocument();
    expect(within(ravi).getByText('Profile for').nextElementSibling).toHaveTextContent('Son');
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });

  it("shows the login's message once: the history entry forgets it (a reload does not bring it back) and keeps the filters", async () => {
    serveMatches([publicProfile(2, 'Asha Patil')]);
    renderWithProviders(
      <Routes>
        <Route path="/matches" element={<><MatchesPage /><HistoryState /></>} />
      </Routes>,
      { route: '/matches?gender=Female', state: { message: 'Login successful' } },
    );
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('history-state')).toHaveTextContent('?gender=Female null'));
    await waitFor(() => expect(names()).toEqual(['Asha Patil']));
    expect(screen.getByText('Login successful')).toBeInTheDocument();
  });

  it('writes the date of birth the Marathi way', async () => {
    serveMatches([publicProfile(2, 'आशा पाटील')]);
    renderPage({ lng: 'mr' });
    const card = await screen.findByTestId('profile-card');
    const time = card.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '1998-02-01');
    expect(time.textContent).toBe(new Intl.DateTimeFormat('mr-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(1998, 1, 1)));
    expect(card).toHaveTextContent('(२८ वर्षे)');
    expect(within(card).getByRole('link', { name: 'बायोडेटा पाहा' })).toBeInTheDocument();
  });

  it('shows a profile as soon as it is uploaded, fetched with the member’s own token, and drops one deleted', async () => {
    const fake = serveMatches([publicProfile(2, 'Asha Patil'), publicProfile(1, 'Ravi Kulkarni')]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Asha Patil', 'Ravi Kulkarni']));
    fake.profiles.unshift(publicProfile(3, 'Sunita Jadhav'));
    act(() => socket().receive({ type: 'profileUploaded', id: 3 }));
    await waitFor(() => expect(names()).toEqual(['Sunita Jadhav', 'Asha Patil', 'Ravi Kulkarni']));
    const single = fake.requests.find((r) => r.path === '/api/profile/uploaded-profiles/3')!;
    expect(single.headers.get('Authorization')).toBe('Bearer member-token');
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();

    act(() => socket().receive({ type: 'profileDeleted', id: 2 }));
    await waitFor(() => expect(names()).toEqual(['Sunita Jadhav', 'Ravi Kulkarni']));
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });

  it('updates an edited profile in place and removes one that is no longer uploaded', async () => {
    const fake = serveMatches([publicProfile(2, 'Asha Patil'), publicProfile(1, 'Ravi Kulkarni')]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Asha Patil', 'Ravi Kulkarni']));
    fake.profiles[1] = publicProfile(1, 'Ravi S. Kulkarni');
    act(() => socket().receive({ type: 'profileUploaded', id: 1 }));
    await waitFor(() => expect(names()).toEqual(['Asha Patil', 'Ravi S. Kulkarni']));
    fake.profiles.splice(0, 1);
    act(() => socket().receive({ type: 'profileUploaded', id: 2 }));
    await waitFor(() => expect(names()).toEqual(['Ravi S. Kulkarni']));
  });

  it('filters by gender, age, location, education and text, keeps them in the address, and adds live only what they allow', async () => {
    const fake = serveMatches([
      publicProfile(3, 'Asha Patil', { age: 24 }),
      publicProfile(2, 'Ravi Kulkarni', { gender: 'Male', age: 30, location: 'Pune' }),
      publicProfile(1, 'Mohan Jadhav', { gender: 'Male', age: 41, location: 'Pune' }),
    ]);
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'Male' } });
    fireEvent.change(screen.getByLabelText('Age from'), { target: { value: '17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByLabelText('Age from')).toHaveAccessibleDescription('Enter an age from 18 to 100.');
    fireEvent.change(screen.getByLabelText('Age from'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('Age up to'), { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByLabelText('Age up to')).toHaveAccessibleDescription('The highest age cannot be below the lowest.');
    fireEvent.change(screen.getByLabelText('Age from'), { target: { value: '२५' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(names()).toEqual(['Ravi Kulkarni']));
    const last = fake.requests.filter((r) => r.path === '/api/profile/uploaded-profiles').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ gender: 'Male', age_min: '25', age_max: '35', location: 'pune', page: '1', per_page: '24' });

    // A woman's profile uploaded now is not among these matches; a man of 33 in Pune is.
    fake.profiles.unshift(publicProfile(4, 'Sunita Jadhav', { age: 26, location: 'Pune' }), publicProfile(5, 'Vijay More', { gender: 'Male', age: 33, location: 'Pune' }));
    act(() => socket().receive({ type: 'profileUploaded', id: 4 }));
    act(() => socket().receive({ type: 'profileUploaded', id: 5 }));
    await waitFor(() => expect(names()).toEqual(['Vijay More', 'Ravi Kulkarni']));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('says so when no profile is uploaded, and when none matches the filters', async () => {
    serveMatches([]);
    renderPage();
    expect(await screen.findByText('No profiles have been uploaded yet.')).toBeInTheDocument();
  });

  it('says so when no profile matches the filters', async () => {
    serveMatches([publicProfile(1, 'Asha Patil')]);
    renderPage({ route: '/matches?gender=Male' });
    expect(await screen.findByText('No profiles match these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Gender')).toHaveValue('Male');
  });

  it('loads more profiles on request', async () => {
    serveMatches(Array.from({ length: 30 }, (_, i) => publicProfile(30 - i, `Profile ${30 - i}`)));
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers to try again when the profiles cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = serveMatches([publicProfile(1, 'Asha Patil')]);
    fake.fail = true;
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The matches could not be loaded.');
    fake.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Asha Patil']));
  });

  it('reads a profile again when its photo link has run out', async () => {
    const fake = serveMatches([publicProfile(1, 'Asha Patil', { photo_thumb: signed('old-thumb.webp', 'image/webp', -1) })]);
    renderPage();
    const photo = await screen.findByRole('img', { name: 'Photo of Asha Patil' });
    expect(photo).toHaveAttribute('src', expect.stringContaining('old-thumb.webp'));
    fake.profiles[0] = publicProfile(1, 'Asha Patil');
    fireEvent.error(photo);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo of Asha Patil' })).toHaveAttribute('src', expect.stringContaining('photo-1-480.webp')));
  });

  it('Logout removes the member token and goes to the login', async () => {
    serveMatches([publicProfile(1, 'Asha Patil')]);
    renderPage();
    await screen.findByTestId('profile-card');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(/^login page:/)).toBeInTheDocument();
    expect(getMemberToken()).toBeNull();
  });

  it('signs the member out when the server refuses the token', async () => {
    setMemberToken('expired-token');
    serveMatches([publicProfile(1, 'Asha Patil')], { extra: { 'GET /never': () => json([]) } });
    renderPage();
    expect(await screen.findByText('login page: Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(getMemberToken()).toBeNull();
  });

  it('leads to My profile from its header', async () => {
    serveMatches([publicProfile(2, 'Asha Patil')]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Asha Patil']));
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/myProfile');
  });

  it("gives each card the profile's number and the matchmaking board's people to call about it, from the published content", async () => {
    serveMatches([publicProfile(12, 'Asha Patil'), publicProfile(7, 'Ravi Kulkarni')]);
    renderPage({ site: boardWithPhones });
    await waitFor(() => expect(names()).toEqual(['Asha Patil', 'Ravi Kulkarni']));
    const [asha, ravi] = cards();
    expect(within(asha).getByText('Profile no. 12')).toBeInTheDocument();
    expect(within(ravi).getByText('Profile no. 7')).toBeInTheDocument();
    expect(asha).toHaveTextContent('To ask about profile no. 12, call the matchmaking board:');
    // The first two office bearers with a phone, in the content's order, each a tel: link.
    const calls = within(asha).getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'));
    expect(calls.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['+91 98220 11111', 'tel:+919822011111'],
      ['98220 33333', 'tel:9822033333'],
    ]);
    expect(asha).toHaveTextContent('Shri Dilip Jadhav (President) +91 98220 11111');
    expect(asha).toHaveTextContent('Shri Shrikant Joshi (Secretary) 98220 33333');
    expect(asha).not.toHaveTextContent('98220 44444');
  });

  it("without phone numbers for the board, offers the organisation's phone and e-mail, naming the profile in the e-mail's subject", async () => {
    serveMatches([publicProfile(12, 'Asha Patil')]);
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Asha Patil']));
    const [asha] = cards();
    expect(asha).toHaveTextContent('To ask about profile no. 12, contact the matchmaking board through the Samiti’s office:');
    expect(within(asha).getByRole('link', { name: '+91 20 0000 0000' })).toHaveAttribute('href', 'tel:+912000000000');
    expect(within(asha).getByRole('link', { name: 'info@example.org' })).toHaveAttribute(
      'href',
      `mailto:info@example.org?subject=${encodeURIComponent('Matrimonial profile no. 12')}`,
    );
  });

  it('says it in Marathi, with the glossary’s board and Devanagari digits', async () => {
    serveMatches([publicProfile(12, 'Asha Patil')]);
    renderPage({ lng: 'mr', site: boardWithPhones });
    await waitFor(() => expect(names()).toEqual(['Asha Patil']));
    const [asha] = cards();
    expect(within(asha).getByText('प्रोफाइल क्र. १२')).toBeInTheDocument();
    expect(asha).toHaveTextContent('प्रोफाइल क्र. १२ विषयी विचारण्यासाठी वधू-वर मंडळाला फोन करा:');
    expect(asha).toHaveTextContent('श्री. दिलीप जाधव (अध्यक्ष) +91 98220 11111');
  });
});
