import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedRedirect } from '@/components/admin/UnauthorizedRedirect';
import { api, setUnauthorizedHandler } from '@/lib/api';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import { adminSections } from './adminSections';
import AdminLogin from '@/features/auth/components/AdminLogin';
import AdminRegister from '@/features/auth/components/AdminRegister';
import AdminLayout from '@/components/admin/AdminLayout';

const landing = (path: string, text: string) => ({ path, element: <p>{text}</p> });

/** A page that shows where it was reached and what it was handed. */
function Arrived({ text }: { text: string }) {
  const { pathname, search, state } = useLocation();
  return <p>{`${text} ${pathname}${search} ${JSON.stringify(state)}`}</p>;
}
const unauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(unauthorized);
});

afterEach(() => {
  vi.unstubAllGlobals();
  unauthorized.mockReset();
});

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/adminLogin', () => {
  it('stores the token and goes to the dashboard', async () => {
    const server = mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () => json({ token: 'jwt-1' }),
    });
    renderAt(<AdminLogin />, { path: '/adminLogin', routes: [landing('/admin/dashboard', 'dashboard here')] });
    await fillLogin('admin@example.org', 'secret1');
    expect(await screen.findByText('dashboard here')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBe('jwt-1');
    expect(server.calls('POST', '/api/admin/login')[0].body).toEqual({ email: 'admin@example.org', password: 'secret1' });
  });

  it.each([
    [401, 'Invalid email or password', { error: 'Invalid email or password' }],
    [429, 'Too many attempts. Please try again later.', { error: 'Too many attempts. Please try again later.' }],
    [500, 'Login failed. Please try again later.', { error: 'Internal server error' }],
  ])('answers %i with "%s"', async (status, shown, body) => {
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () => json(body, { status }),
    });
    renderAt(<AdminLogin />, { path: '/adminLogin' });
    await fillLogin('admin@example.org', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('goes back to the page that asked for the sign-in', async () => {
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () => json({ token: 'jwt-2' }),
    });
    renderAt(<AdminLogin />, {
      path: '/adminLogin',
      entry: '/adminLogin?next=%2Fadmin%2Ffamily%2F12',
      routes: [landing('/admin/family/12', 'family 12 here'), landing('/admin/dashboard', 'dashboard here')],
    });
    await fillLogin('admin@example.org', 'secret1');
    expect(await screen.findByText('family 12 here')).toBeInTheDocument();
  });

  it('goes to the Account page\'s password change when an owner reset the password', async () => {
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () => json({ token: 'jwt-4', must_change_password: true }),
    });
    renderAt(<AdminLogin />, {
      path: '/adminLogin',
      entry: '/adminLogin?next=%2Fadmin%2Fdashboard%2Fcontacts',
      routes: [landing('/admin/dashboard/account', 'account here'), landing('/admin/dashboard/contacts', 'contacts here')],
    });
    await fillLogin('clerk@example.org', 'given-by-owner');
    expect(await screen.findByText('account here')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBe('jwt-4');
  });

  it('never follows a return address of another site, and goes to the dashboard instead', async () => {
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () => json({ token: 'jwt-3' }),
    });
    renderAt(<AdminLogin />, {
      path: '/adminLogin',
      entry: '/adminLogin?next=%2F%2Felsewhere.example%2Fadmin',
      routes: [landing('/admin/dashboard', 'dashboard here')],
    });
    await fillLogin('admin@example.org', 'secret1');
    expect(await screen.findByText('dashboard here')).toBeInTheDocument();
  });

  it.each([
    ['900', 'Too many attempts. Please wait 15 minutes and try again.'],
    ['40', 'Too many attempts. Please wait 40 seconds and try again.'],
  ])('says how long to wait after a 429 with Retry-After: %s', async (retryAfter, shown) => {
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: false }),
      'POST /api/admin/login': () =>
        json({ error: 'Too many attempts. Please try again later.' }, { status: 429, headers: { 'Retry-After': retryAfter } }),
    });
    renderAt(<AdminLogin />, { path: '/adminLogin' });
    await fillLogin('admin@example.org', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('says that the session has ended when a stored token was refused', async () => {
    mockFetch({ 'GET /api/admin/setup': () => json({ registration_open: false }) });
    renderAt(<AdminLogin />, { path: '/adminLogin', entry: { pathname: '/adminLogin', state: { expired: true } } });
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  });

  it('says nothing of a session to an administrator who simply opens the page', async () => {
    mockFetch({ 'GET /api/admin/setup': () => json({ registration_open: false }) });
    renderAt(<AdminLogin />, { path: '/adminLogin' });
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('sends nothing while a field is empty', async () => {
    const server = mockFetch({ 'GET /api/admin/setup': () => json({ registration_open: false }) });
    renderAt(<AdminLogin />, { path: '/adminLogin' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/login')).toHaveLength(0);
  });

  it('points to /register while no administrator exists', async () => {
    mockFetch({ 'GET /api/admin/setup': () => json({ registration_open: true }) });
    renderAt(<AdminLogin />, { path: '/adminLogin' });
    expect(await screen.findByRole('link', { name: 'Create the first administrator account' })).toHaveAttribute('href', '/register');
  });
});

describe('/register', () => {
  it('checks the fields on change with the shared rules and shows the server field messages', async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: true }),
      'POST /api/admin/register': () => json({ error: 'Validation failed', fields: { email: 'Invalid email address.' } }, { status: 422 }),
    });
    renderAt(<AdminRegister />, { path: '/register' });
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'not-an-address');
    expect(screen.getByText('Invalid email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), '123');
    expect(screen.getByText('Password must be at least 12 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(server.calls('POST', '/api/admin/register')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'a@b.co');
    await user.type(screen.getByLabelText(/^Password/), '456-abcdefg');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/register')).toHaveLength(1);
  });

  it('says "Registered successfully" on the login page with the e-mail filled in', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/admin/setup': () => json({ registration_open: true }),
      'POST /api/admin/register': () => json({ message: 'Registered successfully' }, { status: 201 }),
    });
    renderAt(<AdminRegister />, { path: '/register', routes: [{ path: '/adminLogin', element: <AdminLogin /> }] });
    await user.type(await screen.findByLabelText(/^Email/), 'first@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'first-secret-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('first@example.org');
  });

  it('explains that an administrator must sign in first once registration is closed', async () => {
    mockFetch({ 'GET /api/admin/setup': () => json({ registration_open: false }) });
    renderAt(<AdminRegister />, { path: '/register' });
    expect(await screen.findByText('Registration is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    // One link to the login, in the notice (not a second one under it).
    expect(screen.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/adminLogin');
  });
});

describe('/admin/dashboard', () => {
  const renderDashboard = () =>
    renderAt(<AdminLayout sections={adminSections} />, {
      path: '/admin/dashboard',
      routes: [landing('/login', 'login page'), landing('/adminLogin', 'admin login page')],
    });

  it("says Loading... while verifying, then shows the sidebar with the 13 sections, the bookings capacity page, 'View website' (shown there on phones) and Account, and Logout in the top bar", async () => {
    localStorage.setItem('adminToken', 'good');
    let answer: (response: Response) => void = () => {};
    const server = mockFetch({ 'GET /api/admin/verify': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', '/api/admin/verify')).toHaveLength(1));
    expect(server.calls('GET', '/api/admin/verify')[0].headers.get('Authorization')).toBe('Bearer good');
    answer(json({ valid: true, email: 'owner@example.org', roles: ['owner'], must_change_password: false }));

    const menu = await screen.findByRole('navigation', { name: 'Administrator menu' });
    const links = within(menu).getAllByRole('link');
    // The specification's sections first, in its order (the mail pages, DESIGN §14, follow the
    // subscribers); a section the organisation adds later (app/adminSections.tsx) follows them.
    const specified = [
      'Contacts',
      'Notifications',
      'Subscribers',
      'Updates by e-mail',
      'Send log',
      'Events',
      'Gallery',
      'Magazines',
      'Matrimonial Profiles',
      'Alandi Room Bookings',
      'Markandeya Abhishek Bookings',
      'Poshavvadevi Abhishek Bookings',
      'Shitaladevi Abhishek Bookings',
      'Capacity and closed dates',
      'Family Details',
      'Employment',
    ];
    expect(links.map((a) => a.textContent)).toEqual([...adminSections.map((s) => s.label), 'View website', 'Account']);
    expect(links.slice(0, specified.length).map((a) => a.textContent)).toEqual(specified);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      ...adminSections.map((s) => `/admin/dashboard/${s.path}`),
      '/',
      '/admin/dashboard/account',
    ]);
    // Logout is in the top bar, not at the end of the (long) sidebar, so it is always in sight.
    expect(within(menu).queryByRole('button', { name: 'Logout' })).toBeNull();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'View website' })).toHaveAttribute('href', '/');
  });

  it('goes to /login without a token', async () => {
    const server = mockFetch({});
    renderDashboard();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('drops a refused token and goes to /login', async () => {
    localStorage.setItem('adminToken', 'expired');
    mockFetch({ 'GET /api/admin/verify': () => json({ error: 'Authentication required' }, { status: 401 }) });
    renderDashboard();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(unauthorized).toHaveBeenCalled();
  });

  it('goes to /login with the page asked for, and says the session ended when the token was refused', async () => {
    localStorage.setItem('adminToken', 'expired');
    mockFetch({ 'GET /api/admin/verify': () => json({ error: 'Authentication required' }, { status: 401 }) });
    renderAt(<AdminLayout sections={adminSections} />, {
      path: '/admin/dashboard/*',
      entry: '/admin/dashboard/contacts?q=patil',
      routes: [{ path: '/login', element: <Arrived text="login page" /> }],
    });
    expect(await screen.findByText('login page /login?next=%2Fadmin%2Fdashboard%2Fcontacts%3Fq%3Dpatil {"expired":true}')).toBeInTheDocument();
  });

  it('goes to /login with the page asked for, without a word of a session, when there is no token', async () => {
    mockFetch({});
    renderAt(<AdminLayout sections={adminSections} />, {
      path: '/admin/family/:headId',
      entry: '/admin/family/12',
      routes: [{ path: '/login', element: <Arrived text="login page" /> }],
    });
    expect(await screen.findByText('login page /login?next=%2Fadmin%2Ffamily%2F12 null')).toBeInTheDocument();
  });

  it('sends an administrator whose token is refused during the work to /login, to come back after signing in', async () => {
    localStorage.setItem('adminToken', 'revoked');
    mockFetch({ 'GET /api/heads': () => json({ error: 'Authentication required' }, { status: 401 }) });
    const Family = () => (
      <>
        <UnauthorizedRedirect />
        <button type="button" onClick={() => void api.GET('/api/heads')}>
          Load
        </button>
      </>
    );
    renderAt(<Family />, {
      path: '/admin/family/:headId',
      entry: '/admin/family/12',
      routes: [{ path: '/login', element: <Arrived text="login page" /> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('login page /login?next=%2Fadmin%2Ffamily%2F12 {"expired":true}')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('goes to /login when the server cannot be reached', async () => {
    localStorage.setItem('adminToken', 'good');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard();
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('Logout removes the token and goes to /adminLogin; the menu button folds the sidebar', async () => {
    const user = userEvent.setup();
    localStorage.setItem('adminToken', 'good');
    mockFetch({ 'GET /api/admin/verify': () => json({ valid: true }) });
    renderDashboard();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('admin login page')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
