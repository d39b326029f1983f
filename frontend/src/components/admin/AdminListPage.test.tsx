/** The shared page of a plain list: drawn from its declaration, every call from its API path. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { AdminListPage, adminList } from './AdminListPage';

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const contacts = adminList({
  api: '/api/contacts',
  intro: 'Messages sent through the contact page.',
  fields: [
    { key: 'full_name', header: 'Full name', sortable: true },
    { key: 'email', header: 'Email' },
    { key: 'created_at', header: 'Received', date: true, sortable: true },
  ],
  deleteConfirmation: 'Delete this message?',
  defaultSort: '-id',
});

describe('a declared list', () => {
  it('shows its title, introduction and columns, and deletes a row at {api}/{id} after a confirmation that shows the row', async () => {
    const contact = { id: 7, full_name: 'Suresh Patil', email: 'suresh@example.org', message: 'Hello', created_at: '2026-03-09T18:45:00+05:30' };
    const server = mockFetch({
      'GET /api/contacts': () => json([contact], { total: 1 }),
      'DELETE /api/contacts/:id': () => noContent(),
    });
    renderAt(<AdminListPage title="Contacts" list={contacts} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText('Messages sent through the contact page.')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: /Full name/ })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Suresh Patil' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this message?');
    const [name, email, date] = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(name).toBe('Suresh Patil');
    expect(email).toBe('Email: suresh@example.org');
    expect(date).toMatch(/^Received: 9 Mar 2026/);
    expect(server.calls('GET', '/api/contacts')[0].url.searchParams.get('sort')).toBe('-id');
    await userEvent.click(within(dialog).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(server.calls('DELETE', '/api/contacts/7')).toHaveLength(1));
  });
});
