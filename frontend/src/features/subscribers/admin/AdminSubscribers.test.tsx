/** The delete confirmation names the subscriber: the address or number and the day. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminSubscribers from './AdminSubscribers';
import { json, mockFetch, renderAt } from '@/test/adminRender';

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = () => within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent);

describe('delete confirmations', () => {
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
