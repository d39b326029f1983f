import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { FakeXhr } from '@/test/fakeXhr';
import { json, renderWithProviders } from '@/test/render';
import { getMemberToken, setMemberToken, type OwnProfile } from '../api';
import { adminProfile } from '../testing/fakeAdminProfiles';
import { serve } from '../testing/fakeServer';
import MyProfilePage, { type MyProfileState } from './MyProfilePage';

function LoginStandIn() {
  const { state, search } = useLocation();
  return <p>{`login page${search}: ${(state as { message?: string } | null)?.message ?? ''}`}</p>;
}

function renderPage({ state, lng = 'en', route = '/myProfile' }: { state?: MyProfileState; lng?: 'en' | 'mr'; route?: string } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/myProfile" element={<MyProfilePage />} />
      <Route path="/loginUser" element={<LoginStandIn />} />
      <Route path="/profilecard" element={<p>create profile page</p>} />
    </Routes>,
    { route, state: state ?? undefined, lng },
  );
}

/** The member's own profiles, as GET /api/profile/mine answers them (the AdminProfile shape). */
const own = (id: number, name: string, extra: Partial<OwnProfile> = {}) => adminProfile(id, name, { account_id: 5, ...extra });

/** Serves the member's own profiles to `member-token` (anything else is 401), and erases them. */
function serveOwn(initial: OwnProfile[], { deleteStatus = 204 } = {}) {
  const state = { profiles: [...initial] };
  const allowed = (headers: Headers) => headers.get('Authorization') === 'Bearer member-token';
  const requests = serve({
    'GET /api/profile/mine': ({ headers }) => (allowed(headers) ? json(state.profiles) : json({ error: 'Authentication required' }, 401)),
    'DELETE /api/profile/mine/[0-9]+': ({ headers, path }) => {
      if (!allowed(headers)) return json({ error: 'Authentication required' }, 401);
      if (deleteStatus !== 204) return json({ error: 'Internal server error' }, deleteStatus);
      const id = Number(path.split('/').at(-1));
      state.profiles = state.profiles.filter((p) => p.id !== id);
      return new Response(null, { status: 204 });
    },
  });
  return Object.assign(state, { requests });
}

const cards = () => screen.queryAllByTestId('own-profile');

beforeEach(() => {
  FakeWebSocket.install();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setMemberToken('member-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My profile', () => {
  it('sends a visitor without the member token to the login, which comes back here', async () => {
    localStorage.clear();
    const fake = serveOwn([]);
    renderPage();
    expect(await screen.findByText('login page?next=%2FmyProfile: Please log in to see your profiles.')).toBeInTheDocument();
    expect(fake.requests).toEqual([]);
  });

  it('shows each own profile with its number and its status in words, and the message handed over', async () => {
    const fake = serveOwn([own(12, 'Asha Patil', { status: 'pending' }), own(7, 'Ravi Patil', { status: 'uploaded', uploaded_at: '2026-11-24T09:00:00+05:30' })]);
    renderPage({ state: { message: 'Profile Registered Successfully', detail: 'The board checks every profile before it is shown to members. You can see its status here, correct it or delete it.' } });
    expect(screen.getByText('Profile Registered Successfully').closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(fake.requests[0].headers.get('Authorization')).toBe('Bearer member-token');
    const [asha, ravi] = cards();
    expect(within(asha).getByRole('heading', { level: 2, name: 'Asha Patil' })).toBeInTheDocument();
    expect(within(asha).getByText('Profile no. 12')).toBeInTheDocument();
    expect(within(asha).getByTestId('profile-status')).toHaveTextContent('Waiting for the board’s review');
    expect(within(ravi).getByTestId('profile-status')).toHaveTextContent('Shown to members');
    // The member's own contact details, which only the board sees.
    expect(asha).toHaveTextContent('profile12@example.org');
    expect(asha).toHaveTextContent('+91 9876543210');
    expect(within(asha).getByRole('button', { name: 'Edit: Asha Patil' })).toBeInTheDocument();
    expect(within(asha).getByRole('button', { name: 'Delete: Asha Patil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create another profile' })).toHaveAttribute('href', '/profilecard');
    expect(screen.getByRole('link', { name: 'Matches' })).toHaveAttribute('href', '/matches');
  });

  it('offers "Create a profile" when the account has none', async () => {
    serveOwn([]);
    renderPage();
    expect(await screen.findByText('You have no profile yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a profile' })).toHaveAttribute('href', '/profilecard');
  });

  it('a refused token signs the member out and says the session has ended', async () => {
    serveOwn([]);
    setMemberToken('expired-token');
    renderPage();
    expect(await screen.findByText('login page: Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(getMemberToken()).toBeNull();
  });

  it('asks before deleting, with "Keep profile" and "Delete profile"; keeping changes nothing', async () => {
    const fake = serveOwn([own(12, 'Asha Patil')]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Asha Patil' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this profile for good? Its photo and biodata are deleted with it, and this cannot be undone.');
    expect(dialog).toHaveTextContent('Asha Patil');
    expect(dialog).toHaveTextContent('Profile no. 12');
    expect(within(dialog).getByRole('button', { name: 'Keep profile' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep profile' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cards()).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('erases the profile with its files and says so', async () => {
    const fake = serveOwn([own(12, 'Asha Patil'), own(7, 'Ravi Patil')]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Asha Patil' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByText('The profile, its photo and its biodata have been deleted.')).toBeInTheDocument();
    const deletes = fake.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => [r.path, r.headers.get('Authorization')])).toEqual([['/api/profile/mine/12', 'Bearer member-token']]);
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Ravi Patil']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a deletion failed and keeps the profile', async () => {
    serveOwn([own(12, 'Asha Patil')], { deleteStatus: 500 });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Asha Patil' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile could not be deleted. Please try again.');
    expect(cards()).toHaveLength(1);
  });

  it('corrects a profile in the Create Profile form filled in, says it goes back to review, and shows it pending', async () => {
    serveOwn([own(12, 'Asha Patil', { status: 'uploaded', gender: 'Female', profile_for: 'Daughter' })]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Asha Patil' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Correct profile no. 12' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Saving sends the profile back to the board’s review');
    expect(screen.getByLabelText('Full name')).toHaveValue('Asha Patil');
    expect(screen.getByLabelText('Profile for')).toHaveValue('Daughter');
    expect(screen.getByLabelText('Email')).toHaveValue('profile12@example.org');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1996-04-12');
    // The photo is kept unless a new one is chosen: shown, and not required.
    expect(screen.getByLabelText('New photo (optional)')).not.toHaveAttribute('required');
    expect(screen.getByRole('img', { name: 'The photo shown now' })).toHaveAttribute('src', expect.stringContaining('-320.webp'));
    expect(screen.getByRole('link', { name: 'View the stored biodata' })).toHaveAttribute('href', expect.stringContaining('b.pdf'));

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Solapur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send for review' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/profile/mine/12');
    expect(xhr.headers.Authorization).toBe('Bearer member-token');
    expect(xhr.body!.get('location')).toBe('Solapur');
    expect(xhr.body!.get('name')).toBe('Asha Patil');
    expect(xhr.body!.has('profile_photo')).toBe(false);
    expect(xhr.body!.has('biodata')).toBe(false);
    xhr.respond(200, own(12, 'Asha Patil', { status: 'pending', location: 'Solapur' }));

    expect(await screen.findByText('Profile saved. It is waiting for the board’s review again.')).toBeInTheDocument();
    const [asha] = cards();
    expect(within(asha).getByTestId('profile-status')).toHaveTextContent('Waiting for the board’s review');
    expect(asha).toHaveTextContent('Solapur');
  });

  it('Cancel leaves the correction without sending anything', async () => {
    serveOwn([own(12, 'Asha Patil')]);
    renderPage({ route: '/myProfile?edit=12' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Correct profile no. 12' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(FakeXhr.sent).toEqual([]);
  });

  it('puts the server’s messages under the fields of a refused correction', async () => {
    serveOwn([own(12, 'Asha Patil')]);
    renderPage({ route: '/myProfile?edit=12' });
    await screen.findByRole('heading', { level: 2, name: 'Correct profile no. 12' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send for review' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(422, { error: 'Validation failed', fields: { caste: 'Please enter the caste.' } });
    await waitFor(() => expect(screen.getByLabelText('Caste')).toHaveAccessibleDescription('Please enter the caste.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Correct profile no. 12' })).toBeInTheDocument();
  });

  it('changes a status in place when the board uploads the profile', async () => {
    const fake = serveOwn([own(12, 'Asha Patil', { status: 'pending' })]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fake.profiles = [own(12, 'Asha Patil', { status: 'uploaded' })];
    act(() => FakeWebSocket.instances.at(-1)!.receive({ type: 'profileUploaded', id: 12 }));
    await waitFor(() => expect(screen.getByTestId('profile-status')).toHaveTextContent('Shown to members'));
  });

  it('speaks Marathi', async () => {
    serveOwn([own(12, 'Asha Patil', { status: 'pending' })]);
    renderPage({ lng: 'mr' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'माझे प्रोफाइल' })).toBeInTheDocument();
    expect(screen.getByText('प्रोफाइल क्र. १२')).toBeInTheDocument();
    expect(screen.getByTestId('profile-status')).toHaveTextContent('वधू-वर मंडळाच्या तपासणीच्या प्रतीक्षेत');
    fireEvent.click(screen.getByRole('button', { name: 'हटवा: Asha Patil' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'प्रोफाइल ठेवा' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'प्रोफाइल हटवा' })).toBeInTheDocument();
  });
});
