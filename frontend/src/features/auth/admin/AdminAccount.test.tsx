import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import AdminAccount from './AdminAccount';

const unauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(unauthorized);
  localStorage.setItem('adminToken', 'old-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  unauthorized.mockReset();
});

const renderAccount = () =>
  renderAt(<AdminAccount />, {
    path: '/admin/dashboard/account',
    routes: [{ path: '/adminLogin', element: <p>admin login page</p> }],
  });

const current = () => screen.getByLabelText('Current password');
const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');
const changeButton = () => screen.getByRole('button', { name: 'Change password' });

describe('/admin/dashboard/account: change password', () => {
  it('checks the fields on change with the shared rules and says "Passwords do not match"', async () => {
    const user = userEvent.setup();
    const server = mockFetch({});
    renderAccount();

    await user.type(newPassword(), '123');
    expect(newPassword()).toHaveAccessibleDescription(/Password must be at least 12 characters\./);
    await user.type(newPassword(), '456-abcdefg');
    expect(screen.queryByText('Password must be at least 12 characters.')).not.toBeInTheDocument();

    await user.type(confirmation(), '123456-abcdef');
    expect(confirmation()).toHaveAccessibleDescription('Passwords do not match');
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    await user.type(confirmation(), 'g');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    // Changing the new password afterwards checks the confirmation again.
    await user.type(newPassword(), '7');
    expect(confirmation()).toHaveAccessibleDescription('Passwords do not match');

    await user.click(changeButton());
    expect(current()).toHaveAccessibleDescription('Password is required');
    expect(server.calls('PUT', '/api/admin/password')).toHaveLength(0);
  });

  it('sends nothing while the confirmation differs', async () => {
    const user = userEvent.setup();
    const server = mockFetch({});
    renderAccount();
    await user.type(current(), 'old-secret');
    await user.type(newPassword(), 'new-secret-4821');
    await user.type(confirmation(), 'new-secret-482T');
    await user.click(changeButton());
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/admin/password')).toHaveLength(0);
  });

  it("shows the server's 422 message under the field and keeps the token", async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'PUT /api/admin/password': () =>
        json({ error: 'Validation failed', fields: { current_password: 'Current password is incorrect' } }, { status: 422 }),
    });
    renderAccount();
    await user.type(current(), 'wrong-secret');
    await user.type(newPassword(), 'new-secret-4821');
    await user.type(confirmation(), 'new-secret-4821');
    await user.click(changeButton());

    await waitFor(() => expect(current()).toHaveAccessibleDescription('Current password is incorrect'));
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    const call = server.calls('PUT', '/api/admin/password')[0];
    expect(call.body).toEqual({ current_password: 'wrong-secret', new_password: 'new-secret-4821' });
    expect(call.headers.get('Authorization')).toBe('Bearer old-token');
    expect(localStorage.getItem('adminToken')).toBe('old-token');
    expect(unauthorized).not.toHaveBeenCalled();
    expect(screen.queryByText('Password changed. Other devices have been signed out.')).not.toBeInTheDocument();

    // Typing again checks the field with the shared rules and clears the server's message.
    await user.type(current(), '!');
    expect(screen.queryByText('Current password is incorrect')).not.toBeInTheDocument();
  });

  it('replaces the stored token with the new one on success and says so', async () => {
    const user = userEvent.setup();
    const server = mockFetch({ 'PUT /api/admin/password': () => json({ token: 'new-token' }) });
    renderAccount();
    await user.type(current(), 'old-secret');
    await user.type(newPassword(), 'new-secret-4821');
    await user.type(confirmation(), 'new-secret-4821');
    await user.click(changeButton());

    const changed = await screen.findByText('Password changed. Other devices have been signed out.');
    expect(changed.closest('[role="status"]')).not.toBeNull();
    expect(localStorage.getItem('adminToken')).toBe('new-token');
    expect(server.calls('PUT', '/api/admin/password')).toHaveLength(1);
    // The form is empty again.
    expect(current()).toHaveValue('');
    expect(newPassword()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it('says that the change failed on any other answer', async () => {
    const user = userEvent.setup();
    mockFetch({ 'PUT /api/admin/password': () => json({ error: 'Too many attempts. Please try again later.' }, { status: 429 }) });
    renderAccount();
    await user.type(current(), 'old-secret');
    await user.type(newPassword(), 'new-secret-4821');
    await user.type(confirmation(), 'new-secret-4821');
    await user.click(changeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(localStorage.getItem('adminToken')).toBe('old-token');
  });
});

describe('/admin/dashboard/account: sign out everywhere', () => {
  it('asks first; Cancel keeps the session', async () => {
    const user = userEvent.setup();
    const server = mockFetch({});
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Sign out on every device?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
    expect(localStorage.getItem('adminToken')).toBe('old-token');
  });

  it('calls logout-all, removes the token and goes to /adminLogin', async () => {
    const user = userEvent.setup();
    const server = mockFetch({ 'POST /api/admin/logout-all': () => noContent() });
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('admin login page')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
    const calls = server.calls('POST', '/api/admin/logout-all');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer old-token');
  });

  it('keeps the token and says so when the server fails', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/admin/logout-all': () => json({ error: 'Internal server error' }, { status: 500 }) });
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign out everywhere. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBe('old-token');
    expect(screen.queryByText('admin login page')).not.toBeInTheDocument();
  });
});
