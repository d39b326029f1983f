/** The delete confirmation names the contact: its name, e-mail and date. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminContacts from './AdminContacts';
import { json, mockFetch, renderAt } from '@/test/adminRender';

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = () => within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent);

describe('delete confirmations', () => {
  it('name the contact by its name, e-mail and date', async () => {
    const contact = { id: 7, full_name: 'Suresh Patil', email: 'suresh@example.org', message: 'Hello', created_at: '2026-03-09T18:45:00+05:30' };
    mockFetch({ 'GET /api/contacts': () => json([contact], { total: 1 }) });
    renderAt(<AdminContacts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Suresh Patil' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this contact?');
    const [name, email, date] = shown();
    expect([name, email]).toEqual(['Suresh Patil', 'suresh@example.org']);
    expect(date).toMatch(/^9 Mar 2026/);
  });
});
