import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminIdentityContext, type AdminAccessState } from '@/lib/adminAccess';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import AdminAdministrators from './AdminAdministrators';
import type { AdminAccount } from './api';

const owner: AdminAccount = { id: 1, email: 'owner@example.org', roles: ['owner'], must_change_password: false, created_at: '2026-01-02T10:00:00+05:30' };
const clerk: AdminAccount = { id: 2, email: 'clerk@example.org', roles: ['bookings'], must_change_password: false, created_at: '2026-02-03T10:00:00+05:30' };

const signedIn: AdminAccessState = {
  access: 'valid',
  identity: { email: owner.email, roles: ['owner'], mustChangePassword: false },
  refresh: () => {},
  update: () => {},
};

function renderPage() {
  renderAt(
    <AdminIdentityContext.Provider value={signedIn}>
      <AdminAdministrators />
    </AdminIdentityContext.Provider>,
  );
}

const card = async (email: string) => (await screen.findByRole('heading', { level: 3, name: email })).closest('li')!;
const addForm = () => screen.getByRole('region', { name: 'Add an administrator' });

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('/admin/dashboard/administrators', () => {
  it('lists each administrator as a card with the roles as checkboxes, each explained, and marks "you"', async () => {
    mockFetch({ 'GET /api/admin/users': () => json([owner, clerk]) });
    renderPage();
    const mine = await card(owner.email);
    expect(within(mine).getByText('you')).toBeInTheDocument();
    const theirs = await card(clerk.email);
    expect(within(theirs).queryByText('you')).not.toBeInTheDocument();
    const bookings = within(theirs).getByRole('checkbox', { name: 'Bookings' });
    expect(bookings).toBeChecked();
    expect(bookings).toHaveAccessibleDescription('the four booking lists, capacity and closed dates');
    expect(within(theirs).getByRole('checkbox', { name: 'Owner' })).not.toBeChecked();
    expect(within(theirs).getAllByRole('checkbox')).toHaveLength(6);
    // One's own card cannot be removed from here.
    expect(within(mine).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('adds an administrator: the rule table and the roles checked first, then the server messages under the fields', async () => {
    const user = userEvent.setup();
    let answer = () => json({ error: 'This email is already registered.' }, { status: 409 });
    const server = mockFetch({ 'GET /api/admin/users': () => json([owner]), 'POST /api/admin/users': () => answer() });
    renderPage();
    await card(owner.email);
    const form = addForm();
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(within(form).getByLabelText('Initial password')).toHaveAccessibleDescription(/Password is required/);
    expect(within(form).getByText('Choose at least one role')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/users')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Email'), 'clerk@example.org');
    await user.type(within(form).getByLabelText('Initial password'), '123');
    expect(within(form).getByLabelText('Initial password')).toHaveAccessibleDescription(/Password must be at least 12 characters\./);
    await user.type(within(form).getByLabelText('Initial password'), '456-abcdefg');
    await user.click(within(form).getByRole('checkbox', { name: 'Bookings' }));
    expect(within(form).queryByText('Choose at least one role')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    // 409: the taken e-mail, under the e-mail.
    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('This email is already registered.'));
    expect(server.calls('POST', '/api/admin/users')[0].body).toEqual({ email: 'clerk@example.org', password: '123456-abcdefg', roles: ['bookings'] });

    // 422: each message under its field.
    answer = () => json({ error: 'Validation failed', fields: { roles: 'Unknown role: x', password: 'Maximum 128 characters allowed' } }, { status: 422 });
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    expect(await within(form).findByText('Unknown role: x')).toBeInTheDocument();
    expect(within(form).getByLabelText('Initial password')).toHaveAccessibleDescription(/Maximum 128 characters allowed/);

    answer = () => json({ ...clerk, id: 3 }, { status: 201 });
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    expect(await screen.findByText('clerk@example.org added.')).toBeInTheDocument();
    expect(await card('clerk@example.org')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });

  it('asks before removing, naming the person, then removes the card', async () => {
    const user = userEvent.setup();
    const server = mockFetch({ 'GET /api/admin/users': () => json([owner, clerk]), 'DELETE /api/admin/users/:id': () => noContent() });
    renderPage();
    await user.click(within(await card(clerk.email)).getByRole('button', { name: 'Remove: clerk@example.org' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Remove clerk@example.org? They will be signed out at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE', '/api/admin/users/2')).toHaveLength(0);

    await user.click(within(await card(clerk.email)).getByRole('button', { name: 'Remove: clerk@example.org' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('clerk@example.org removed.')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/admin/users/2')).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 3, name: clerk.email })).not.toBeInTheDocument();
  });

  it("saves a card's roles, and says the server's 409 for the last owner in that card", async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/admin/users': () => json([owner, clerk]),
      'PUT /api/admin/users/:id': (_request, _url, params) =>
        params.id === '1'
          ? json({ error: 'The last owner cannot be removed or lose the owner role' }, { status: 409 })
          : json({ ...clerk, roles: ['bookings', 'families'] }),
    });
    renderPage();
    const mine = await card(owner.email);
    const save = within(mine).getByRole('button', { name: 'Save roles: owner@example.org' });
    expect(save).toBeDisabled();
    await user.click(within(mine).getByRole('checkbox', { name: 'Content' }));
    await user.click(within(mine).getByRole('checkbox', { name: 'Owner' }));
    await user.click(save);
    expect(await within(mine).findByRole('alert')).toHaveTextContent('The last owner cannot be removed or lose the owner role');
    expect(server.calls('PUT', '/api/admin/users/1')[0].body).toEqual({ roles: ['content'] });

    const theirs = await card(clerk.email);
    await user.click(within(theirs).getByRole('checkbox', { name: 'Families' }));
    await user.click(within(theirs).getByRole('button', { name: 'Save roles: clerk@example.org' }));
    expect(await within(theirs).findByText('Roles of clerk@example.org saved.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/admin/users/2')[0].body).toEqual({ roles: ['bookings', 'families'] });
  });

  it('resets a password in a dialog with the shared rule, and says they must change it', async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/admin/users': () => json([owner, clerk]),
      'POST /api/admin/users/:id/password': () => json({ ...clerk, must_change_password: true }),
    });
    renderPage();
    await user.click(within(await card(clerk.email)).getByRole('button', { name: 'Reset password: clerk@example.org' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the password of clerk@example.org' });
    const field = within(dialog).getByLabelText('New password');
    expect(field).toHaveFocus();
    await user.type(field, '12');
    expect(field).toHaveAccessibleDescription(/Password must be at least 12 characters\./);
    await user.type(field, '3456-abcdefg');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password of clerk@example.org reset. They must change it at their next sign-in.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/admin/users/2/password')[0].body).toEqual({ password: '123456-abcdefg' });
    expect(within(await card(clerk.email)).getByText('Must change the password at the next sign-in')).toBeInTheDocument();
  });
});
