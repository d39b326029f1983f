/**
 * The delete confirmations of the lists without a test file of their own name the record: the
 * contact's name, e-mail and date; the subscriber's address or number and the day.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminContacts from '@/features/contacts/components/AdminContacts';
import AdminSubscribers from '@/features/subscribers/components/AdminSubscribers';
import { json, mockFetch, renderAt } from './render';

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

  it('name the subscriber by the address or number and the day', async () => {
    const subscriber = { id: 3, value: '9876543210', created_at: '2026-03-09T18:45:00+05:30' };
    mockFetch({ 'GET /api/subscribers': () => json([subscriber], { total: 1 }) });
    renderAt(<AdminSubscribers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: 9876543210' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Delete this subscriber?');
    const [value, date] = shown();
    expect(value).toBe('9876543210');
    expect(date).toMatch(/^Subscribed on: 9 Mar 2026/);
  });
});
