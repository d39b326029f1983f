import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { getAdminToken, setAdminToken } from '@/lib/api';
import { json, renderWithProviders } from '@/test/render';
import { getMemberToken, setMemberToken } from '../api';
import { serve } from '../testing/fakeServer';
import LoginPage, { type LoginState } from './LoginPage';

function MatchesStandIn() {
  const state = useLocation().state as { message?: string } | null;
  return <p>{`matches page: ${state?.message}`}</p>;
}

/** The history entry's state, as a reload would find it. */
function HistoryState() {
  return <span data-testid="history-state">{JSON.stringify(useLocation().state)}</span>;
}

function renderPage(state: LoginState = null, route = '/loginUser') {
  return renderWithProviders(
    <Routes>
      <Route path="/loginUser" element={<LoginPage />} />
      <Route path="/matches" element={<MatchesStandIn />} />
      <Route path="/profilecard" element={<p>create profile page</p>} />
      <Route path="/login" element={<p>admin login</p>} />
    </Routes>,
    { route, state },
  );
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

afterEach(() => vi.restoreAllMocks());

describe('the matrimonial login', () => {
  it('asks for the e-mail or mobile and the password of the free registration, with the ways onward', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Matrimonial Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or mobile number')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use the password you chose at the free registration.');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
    // Not signed in: a new profile needs the account first, so the login comes back to Create Profile.
    expect(screen.getByRole('link', { name: 'Create another profile' })).toHaveAttribute('href', '/loginUser?next=%2Fprofilecard');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/privacy-policy#matrimonial-terms');
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]).toHaveAttribute('href', '/privacy-policy');
  });

  it("says 'Please fill in all fields' and sends nothing while a field is empty", async () => {
    const requests = serve({});
    renderPage();
    set('Password', 'secret1');
    submit();
    await waitFor(() => expect(screen.getByLabelText('Email or mobile number')).toHaveFocus());
    expect(screen.getByLabelText('Email or mobile number')).toHaveAccessibleDescription('Please fill in all fields');
    expect(requests).toEqual([]);
  });

  it("says 'Please fill in all fields' once when both fields are empty, and marks both", async () => {
    const requests = serve({});
    renderPage();
    submit();
    await waitFor(() => expect(screen.getByLabelText('Email or mobile number')).toHaveFocus());
    expect(screen.getAllByText('Please fill in all fields')).toHaveLength(1);
    expect(screen.getByLabelText('Email or mobile number')).toHaveAccessibleDescription('Please fill in all fields');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use the password you chose at the free registration.');
    // Once the first field is filled in, the message moves under the one still empty.
    set('Email or mobile number', 'asha@example.org');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining('Please fill in all fields'));
    expect(screen.getByLabelText('Email or mobile number')).not.toHaveAttribute('aria-invalid');
    expect(requests).toEqual([]);
  });

  it('keeps the member token apart from the administrator’s and goes to /matches with the server’s message', async () => {
    setAdminToken('admin-token');
    const requests = serve({ 'POST /api/auth/login': () => json({ message: 'Login successful', token: 'member-token' }) });
    renderPage();
    set('Email or mobile number', ' ९८७६५४३२१० ');
    set('Password', 'secret1');
    submit();
    expect(await screen.findByText('matches page: Login successful')).toBeInTheDocument();
    expect(JSON.parse(requests[0].body)).toEqual({ emailOrMobile: '९८७६५४३२१०', password: 'secret1' });
    expect(getMemberToken()).toBe('member-token');
    expect(getAdminToken()).toBe('admin-token');
  });

  it('shows the server’s message on a refusal, and a wrong password does not sign an administrator out', async () => {
    setAdminToken('admin-token');
    serve({ 'POST /api/auth/login': () => json({ error: 'Invalid email/mobile or password' }, 401) });
    renderPage();
    set('Email or mobile number', 'asha@example.org');
    set('Password', 'wrong-one');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email/mobile or password');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(getMemberToken()).toBeNull();
    expect(getAdminToken()).toBe('admin-token');
    expect(screen.queryByText('admin login')).toBeNull();
  });

  it('shows the server’s message after too many attempts', async () => {
    serve({ 'POST /api/auth/login': () => json({ error: 'Too many attempts. Please try again later.' }, 429) });
    renderPage();
    set('Email or mobile number', 'asha@example.org');
    set('Password', 'wrong-one');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  });

  it("says 'Login failed' when the server gives no message or cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'POST /api/auth/login': () => new Response('oops', { status: 502 }) });
    renderPage();
    set('Email or mobile number', 'asha@example.org');
    set('Password', 'secret1');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Login failed$/));
  });

  it('shows what the previous page handed over (the created profile) once: the history entry forgets it', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/loginUser" element={<><LoginPage /><HistoryState /></>} />
      </Routes>,
      { route: '/loginUser', state: { message: 'Profile Registered Successfully' } },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Profile Registered Successfully');
    await waitFor(() => expect(screen.getByTestId('history-state')).toHaveTextContent('null'));
    expect(screen.getByRole('status')).toHaveTextContent('Profile Registered Successfully');
  });

  it('a signed-in member goes straight to Create Profile for another profile', () => {
    setMemberToken('member-token');
    renderPage();
    expect(screen.getByRole('link', { name: 'Create another profile' })).toHaveAttribute('href', '/profilecard');
  });

  it('asked to log in before creating another profile, says why and goes on to Create Profile after signing in', async () => {
    serve({ 'POST /api/auth/login': () => json({ message: 'Login successful', token: 'member-token' }) });
    renderPage(null, '/loginUser?next=%2Fprofilecard');
    expect(screen.getByRole('note')).toHaveTextContent('Log in first: the new profile will belong to your account.');
    set('Email or mobile number', 'asha@example.org');
    set('Password', 'secret1');
    submit();
    expect(await screen.findByText('create profile page')).toBeInTheDocument();
    expect(getMemberToken()).toBe('member-token');
  });

  it('goes only to the member pages it knows after signing in, never elsewhere', async () => {
    serve({ 'POST /api/auth/login': () => json({ message: 'Login successful', token: 'member-token' }) });
    renderPage(null, '/loginUser?next=https%3A%2F%2Fevil.example');
    expect(screen.queryByRole('note')).toBeNull();
    set('Email or mobile number', 'asha@example.org');
    set('Password', 'secret1');
    submit();
    expect(await screen.findByText('matches page: Login successful')).toBeInTheDocument();
  });
});
