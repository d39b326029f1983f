import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import AdminCapacity from './AdminCapacity';
import type { BlockedDate, Capacity } from './api';

const capacity: Capacity = {
  rooms: { standard: 5, deluxe: null, suite: 1 },
  pujas_per_day: { markandeya: 10, poshavvadevi: null, shitaladevi: null },
};

const closed: BlockedDate = { id: 4, kind: 'room', date: '2026-12-25', reason: 'Yatra' };

beforeEach(() => {
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the capacity and closed dates page', () => {
  it('shows Loading... and then the limits (empty = no limit) and the closed dates', async () => {
    mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([closed]),
    });
    renderAt(<AdminCapacity />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Standard')).toHaveValue('5');
    expect(screen.getByLabelText('Deluxe')).toHaveValue('');
    expect(screen.getByLabelText('Suite')).toHaveValue('1');
    expect(screen.getByLabelText('Markandeya Abhishek')).toHaveValue('10');
    expect(screen.getByLabelText('Shitaladevi Abhishek')).toHaveValue('');
    expect(screen.getByLabelText('Deluxe')).toHaveAccessibleDescription('Empty = no limit');
    const item = screen.getByText('Yatra').closest('li')!;
    expect(within(item).getByText('25 Dec 2026')).toBeInTheDocument();
    expect(within(item).getByText('Alandi Room Booking')).toBeInTheDocument();
  });

  it('offers Try again when the limits cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockFetch({
      'GET /api/bookings/capacity': () => (fail ? json({ error: 'Internal server error' }, { status: 500 }) : json(capacity)),
      'GET /api/bookings/blocked-dates': () => json([]),
    });
    renderAt(<AdminCapacity />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the list');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Standard')).toHaveValue('5');
    expect(screen.getByText('No closed dates')).toBeInTheDocument();
  });

  it('does not save a bad value, and saves whole numbers (Devanagari digits too) with null for the empty ones', async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'PUT /api/bookings/capacity': async (request) => json(await request.json()),
    });
    renderAt(<AdminCapacity />);
    const deluxe = await screen.findByLabelText('Deluxe');
    for (const bad of ['two', '-1', '2.5', '10001']) {
      await userEvent.clear(deluxe);
      await userEvent.type(deluxe, bad);
      expect(deluxe).toHaveAccessibleDescription('Empty = no limit Enter a whole number up to 10000, or leave empty for no limit.');
      expect(deluxe).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    }
    expect(server.calls('PUT', '/api/bookings/capacity')).toHaveLength(0);

    await userEvent.clear(deluxe);
    await userEvent.type(deluxe, '३');
    expect(deluxe).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(screen.getByLabelText('Suite'));
    await userEvent.type(screen.getByLabelText('Poshavvadevi Abhishek'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(await screen.findByText('Capacity saved.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/bookings/capacity')[0].body).toEqual({
      rooms: { standard: 5, deluxe: 3, suite: null },
      pujas_per_day: { markandeya: 10, poshavvadevi: 0, shitaladevi: null },
    });
    // The page shows what the server saved.
    expect(deluxe).toHaveValue('3');
  });

  it("puts the server's message under the field it names (rooms.deluxe, pujas_per_day.shitaladevi)", async () => {
    const message = 'Enter a whole number up to 10000, or leave empty for no limit.';
    mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'PUT /api/bookings/capacity': () =>
        json({ error: 'Validation failed', fields: { 'rooms.deluxe': message, 'pujas_per_day.shitaladevi': message } }, { status: 422 }),
    });
    renderAt(<AdminCapacity />);
    await userEvent.type(await screen.findByLabelText('Deluxe'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    await waitFor(() => expect(screen.getByLabelText('Deluxe')).toHaveAccessibleDescription(`Empty = no limit ${message}`));
    expect(screen.getByLabelText('Shitaladevi Abhishek')).toHaveAccessibleDescription(`Empty = no limit ${message}`);
    expect(screen.getByLabelText('Standard')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Capacity saved.')).not.toBeInTheDocument();
    // Changing the field takes its message away.
    await userEvent.type(screen.getByLabelText('Deluxe'), '0');
    expect(screen.getByLabelText('Deluxe')).toHaveAccessibleDescription('Empty = no limit');
    expect(screen.getByLabelText('Shitaladevi Abhishek')).toHaveAttribute('aria-invalid', 'true');
  });

  it("checks a closed date with the server's rules before sending: a past day, an emoji", async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
    });
    renderAt(<AdminCapacity />);
    await userEvent.type(await screen.findByLabelText(/^Date/), '2020-01-01');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Yatra 🙏');
    await userEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('Date cannot be in the past');
    expect(screen.getByLabelText(/^Reason/)).toHaveAccessibleDescription('Emojis are not allowed');
    expect(screen.getByLabelText(/^Reason/)).toHaveAttribute('maxLength', '200');
    expect(server.calls('POST', '/api/bookings/blocked-dates')).toHaveLength(0);
  });

  it('says what is missing, then adds a closed date for a kind with its reason', async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'POST /api/bookings/blocked-dates': async (request) => json({ id: 9, ...(await request.json()) }, { status: 201 }),
    });
    renderAt(<AdminCapacity />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add closed date' }));
    expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('Please select a date');
    expect(screen.getByLabelText(/^Reason/)).toHaveAccessibleDescription('Please enter a reason');
    expect(server.calls('POST', '/api/bookings/blocked-dates')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Booking'), 'poshavvadevi');
    await userEvent.type(screen.getByLabelText(/^Date/), '2098-12-25');
    await userEvent.type(screen.getByLabelText(/^Reason/), '  Yatra ');
    await userEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(await screen.findByText('Closed date added.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/bookings/blocked-dates')[0].body).toEqual({ kind: 'poshavvadevi', date: '2098-12-25', reason: 'Yatra' });
    const item = screen.getByText('Yatra').closest('li')!;
    expect(within(item).getByText('Poshavvadevi Abhishek')).toBeInTheDocument();
    // The form is ready for the next date.
    expect(screen.getByLabelText(/^Date/)).toHaveValue('');
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('');
  });

  it("shows the server's refusal of a closed date under its field (already closed: 409; a 422)", async () => {
    let answer = json({ error: 'This date is already closed.', fields: { date: 'This date is already closed.' } }, { status: 409 });
    mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([closed]),
      'POST /api/bookings/blocked-dates': () => answer,
    });
    renderAt(<AdminCapacity />);
    await userEvent.type(await screen.findByLabelText(/^Date/), '2098-12-25');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    await waitFor(() => expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('This date is already closed.'));
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Closed date added.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    // A new date takes the message away; the server's 422 messages go under their fields.
    answer = json({ error: 'Validation failed', fields: { kind: 'Please select a booking', date: 'Date cannot be in the past' } }, { status: 422 });
    await userEvent.clear(screen.getByLabelText(/^Date/));
    expect(screen.getByLabelText(/^Date/)).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText(/^Date/), '2099-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    await waitFor(() => expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription('Date cannot be in the past'));
    expect(screen.getByLabelText('Booking')).toHaveAccessibleDescription('Please select a booking');
  });

  it('removes a closed date only after the confirmation, which names the date', async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([closed]),
      'DELETE /api/bookings/blocked-dates/:id': () => noContent(),
    });
    renderAt(<AdminCapacity />);
    const remove = await screen.findByRole('button', { name: 'Remove: 25 Dec 2026 Alandi Room Booking' });
    await userEvent.click(remove);
    let dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Remove this closed date?');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['25 Dec 2026', 'Yatra']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE', '/api/bookings/blocked-dates/4')).toHaveLength(0);
    expect(screen.getByText('Yatra')).toBeInTheDocument();

    await userEvent.click(remove);
    dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No closed dates')).toBeInTheDocument();
    expect(screen.getByText('Deleted successfully.')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/bookings/blocked-dates/4')).toHaveLength(1);
  });
});
