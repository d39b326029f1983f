import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/features/admin/testing/render';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import type { BookingRow } from './api';
import { AdminBookings } from './AdminBookings';
import AdminCapacity from './AdminCapacity';

const room = (id: number, fullName: string, status: 'confirmed' | 'cancelled' = 'confirmed'): BookingRow => ({
  id,
  kind: 'room',
  reference: `ALN-2026-${String(id).padStart(5, '0')}`,
  status,
  created_at: '2026-11-20T10:00:00+05:30',
  fullName,
  email: `${id}@example.com`,
  phone: '9876543210',
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  guests: 2,
  roomType: 'deluxe',
  specialRequests: '',
});

const puja = (id: number): BookingRow => ({
  id,
  kind: 'markandeya',
  reference: `MRK-2026-${String(id).padStart(5, '0')}`,
  status: 'confirmed',
  created_at: '2026-11-20T10:00:00+05:30',
  fullName: 'सुरेश पाटील',
  email: 'suresh@example.com',
  phone: '9876543210',
  pujaDate: '2026-12-05',
  pujaTime: '07:30',
  pujaType: 'Laghu Rudra',
  participants: 3,
  gotra: 'Kashyap',
  specialRequests: null,
});

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the booking lists of the dashboard', () => {
  it('lists room bookings with the booked values and sorts by the check-in date from its header', async () => {
    const server = mockFetch({ 'GET /api/bookings': () => json([room(1, 'Asha Kulkarni')], { total: 1 }) });
    renderAt(<AdminBookings kind="room" />);
    const row = (await screen.findByText('Asha Kulkarni')).closest('tr')!;
    expect(within(row).getByText('ALN-2026-00001')).toBeInTheDocument();
    expect(within(row).getByText('Deluxe')).toBeInTheDocument();
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Check-in/ }));
    await waitFor(() => expect(server.calls('GET', '/api/bookings').at(-1)!.url.searchParams.get('sort')).toBe('date'));
  });

  it('says "No bookings found" for an empty list and "No matching bookings found" once a filter is set', async () => {
    const server = mockFetch({ 'GET /api/shitaladevi-bookings': () => json([], { total: 0 }) });
    renderAt(<AdminBookings kind="shitaladevi" />);
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(await screen.findByText('No matching bookings found')).toBeInTheDocument();
    expect(server.calls('GET', '/api/shitaladevi-bookings').at(-1)!.url.searchParams.get('status')).toBe('cancelled');
  });

  it('sends the date range and status filters with the search to the list', async () => {
    const server = mockFetch({ 'GET /api/abhishek-bookings': () => json([puja(7)], { total: 1 }) });
    renderAt(<AdminBookings kind="markandeya" />);
    await screen.findByText('MRK-2026-00007');
    expect(screen.getByText('Kashyap')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-12-31');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() => {
      const query = server.calls('GET', '/api/abhishek-bookings').at(-1)!.url.searchParams;
      expect([query.get('from'), query.get('to'), query.get('status')]).toEqual(['2026-12-01', '2026-12-31', 'confirmed']);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      const query = server.calls('GET', '/api/abhishek-bookings').at(-1)!.url.searchParams;
      expect([query.get('from'), query.get('to'), query.get('status')]).toEqual([null, null, null]);
    });
  });

  it('cancels a booking after a confirmation that names its reference, then shows it cancelled', async () => {
    const rows = [room(3, 'Vinay Joshi')];
    const server = mockFetch({
      'GET /api/bookings': () => json(rows, { total: rows.length }),
      'POST /api/bookings/:id/cancel': (_req, _url, params) => {
        rows[0] = { ...rows[0], status: 'cancelled' };
        return json(rows.find((r) => r.id === Number(params.id)));
      },
    });
    renderAt(<AdminBookings kind="room" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking: ALN-2026-00003 Vinay Joshi' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel this booking? (ALN-2026-00003)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking ALN-2026-00003 cancelled.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/bookings/3/cancel')).toHaveLength(1);
    const row = (await within(screen.getByRole('table')).findByText('Cancelled')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Cancel booking/ })).not.toBeInTheDocument();
  });

  it('deletes a booking after "Are you sure you want to delete this booking?" with its reference', async () => {
    const rows = [room(4, 'Meera Deshpande')];
    const server = mockFetch({
      'GET /api/bookings': () => json(rows, { total: rows.length }),
      'DELETE /api/bookings/:id': () => {
        rows.splice(0, 1);
        return noContent();
      },
    });
    renderAt(<AdminBookings kind="room" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: ALN-2026-00004 Meera Deshpande' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this booking? (ALN-2026-00004)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/bookings/4')).toHaveLength(1);
  });

  it('reloads when the server announces a change of bookings of this kind, not of another', async () => {
    const rows = [room(1, 'Asha Kulkarni')];
    const server = mockFetch({ 'GET /api/bookings': () => json(rows, { total: rows.length }) });
    renderAt(<AdminBookings kind="room" />);
    await screen.findByText('Asha Kulkarni');
    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.open());
    rows.unshift(room(2, 'Ravi Pawar'));
    const loads = server.calls('GET', '/api/bookings').length;
    act(() => socket.receive({ type: 'bookings_updated', kind: 'markandeya' }));
    expect(server.calls('GET', '/api/bookings')).toHaveLength(loads);
    act(() => socket.receive({ type: 'bookings_updated', kind: 'room' }));
    expect(await screen.findByText('Ravi Pawar')).toBeInTheDocument();
  });

  it('exports the list under the file name the server gives', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = mockFetch({
      'GET /api/abhishek-bookings': () => json([puja(1)], { total: 1 }),
      'GET /api/abhishek-bookings/export/excel': () =>
        new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="abhishek_bookings.xlsx"' } }),
    });
    renderAt(<AdminBookings kind="markandeya" />);
    await screen.findByText('MRK-2026-00001');
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: abhishek_bookings.xlsx')).toBeInTheDocument();
    expect(server.calls('GET', '/api/abhishek-bookings/export/excel')[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(click).toHaveBeenCalledTimes(1);
  });
});

describe('the capacity and closed dates page', () => {
  const capacity = {
    rooms: { standard: 5, deluxe: null, suite: 1 },
    pujas_per_day: { markandeya: 10, poshavvadevi: null, shitaladevi: null },
  };

  it('shows the limits (empty = no limit) and saves a room type capacity with null for the empty ones', async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'PUT /api/bookings/capacity': async (request) => json(await request.json()),
    });
    renderAt(<AdminCapacity />);
    const standard = await screen.findByLabelText('Standard');
    expect(standard).toHaveValue('5');
    expect(screen.getByLabelText('Deluxe')).toHaveValue('');
    expect(screen.getByText('No closed dates')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Deluxe'));
    await userEvent.type(screen.getByLabelText('Deluxe'), 'two');
    expect(screen.getAllByText('Enter a whole number up to 10000, or leave empty for no limit.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(server.calls('PUT', '/api/bookings/capacity')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Deluxe'));
    await userEvent.type(screen.getByLabelText('Deluxe'), '3');
    await userEvent.clear(screen.getByLabelText('Suite'));
    await userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(await screen.findByText('Capacity saved.')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/bookings/capacity')[0].body).toEqual({
      rooms: { standard: 5, deluxe: 3, suite: null },
      pujas_per_day: { markandeya: 10, poshavvadevi: null, shitaladevi: null },
    });
  });

  it('adds a closed date for a kind with its reason and removes it after a confirmation', async () => {
    const server = mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'POST /api/bookings/blocked-dates': async (request) => json({ id: 9, ...(await request.json()) }),
      'DELETE /api/bookings/blocked-dates/:id': () => noContent(),
    });
    renderAt(<AdminCapacity />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add closed date' }));
    expect(screen.getByText('Please select a date')).toBeInTheDocument();
    expect(screen.getByText('Please enter a reason')).toBeInTheDocument();
    expect(server.calls('POST', '/api/bookings/blocked-dates')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Booking'), 'poshavvadevi');
    await userEvent.type(screen.getByLabelText(/^Date/), '2026-12-25');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Yatra');
    await userEvent.click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(await screen.findByText('Closed date added.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/bookings/blocked-dates')[0].body).toEqual({ kind: 'poshavvadevi', date: '2026-12-25', reason: 'Yatra' });
    const item = screen.getByText('Yatra').closest('li')!;
    expect(within(item).getByText('Poshavvadevi Abhishek')).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: /^Remove/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No closed dates')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/bookings/blocked-dates/9')).toHaveLength(1);
  });
});
