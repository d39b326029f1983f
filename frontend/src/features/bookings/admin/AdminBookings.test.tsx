import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import type { BookingRow } from './api';
import { AdminBookings } from './AdminBookings';

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

  it('in Marathi writes the reference and the phone in Latin digits, the dates and the guests in Devanagari digits (lib/digits)', async () => {
    mockFetch({ 'GET /api/bookings': () => json([room(1, 'Asha Kulkarni')], { total: 1 }) });
    renderAt(<AdminBookings kind="room" />, { lng: 'mr' });
    const row = (await screen.findByText('Asha Kulkarni')).closest('tr')!;
    expect(within(row).getByText('ALN-2026-00001')).toBeInTheDocument();
    expect(within(row).getByText('9876543210')).toHaveAttribute('href', 'tel:9876543210');
    expect(within(row).getByText('२')).toBeInTheDocument();
    expect(within(row).getByText('१ डिसें, २०२६')).toBeInTheDocument();
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
    expect(within(dialog).getByText('Are you sure you want to cancel this booking?')).toBeInTheDocument();
    // The dialog names the booking: who, its reference, the e-mail and the booked day.
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vinay Joshi · ALN-2026-00003',
      '3@example.com',
      'Check-in: 1 Dec 2026',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Booking ALN-2026-00003 cancelled.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/bookings/3/cancel')).toHaveLength(1);
    const row = (await within(screen.getByRole('table')).findByText('Cancelled')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /Cancel booking/ })).not.toBeInTheDocument();
  });

  it('names the question\'s buttons "Keep booking" and "Cancel booking", and Keep booking changes nothing', async () => {
    const server = mockFetch({ 'GET /api/bookings': () => json([room(5, 'Ravi Patil')], { total: 1 }) });
    renderAt(<AdminBookings kind="room" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking: ALN-2026-00005 Ravi Patil' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep booking', 'Cancel booking']);
    // The harmless answer has the focus first.
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/bookings/5/cancel')).toHaveLength(0);
  });

  it('asks in Marathi with "आरक्षण कायम ठेवा" beside "आरक्षण रद्द करा"', async () => {
    mockFetch({ 'GET /api/bookings': () => json([room(6, 'Ravi Patil')], { total: 1 }) });
    renderAt(<AdminBookings kind="room" />, { lng: 'mr' });
    await userEvent.click(await screen.findByRole('button', { name: 'आरक्षण रद्द करा: ALN-2026-00006 Ravi Patil' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('button').map((button) => button.textContent)).toEqual(['आरक्षण कायम ठेवा', 'आरक्षण रद्द करा']);
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
    expect(within(dialog).getByText('Are you sure you want to delete this booking?')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Meera Deshpande · ALN-2026-00004',
      '4@example.com',
      'Check-in: 1 Dec 2026',
    ]);
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

  it('exports what the list shows: the date range and status filters travel with the export, empty ones left out', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = mockFetch({
      'GET /api/bookings': () => json([room(1, 'Asha Kulkarni')], { total: 1 }),
      'GET /api/bookings/export/pdf': () =>
        new Response('%PDF', { headers: { 'Content-Disposition': 'attachment; filename="room_bookings.pdf"' } }),
    });
    renderAt(<AdminBookings kind="room" />);
    await screen.findByText('Asha Kulkarni');
    await userEvent.type(screen.getByLabelText('From'), '2026-12-01');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    await waitFor(() => expect(server.calls('GET', '/api/bookings').at(-1)!.url.searchParams.get('status')).toBe('cancelled'));
    await userEvent.type(screen.getByRole('searchbox'), 'Asha');
    await waitFor(() => expect(server.calls('GET', '/api/bookings').at(-1)!.url.searchParams.get('q')).toBe('Asha'));

    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('File downloaded: room_bookings.pdf')).toBeInTheDocument();
    const [exported] = server.calls('GET', '/api/bookings/export/pdf');
    // No `to` (empty) and no empty `status=`: the server refuses an empty status.
    // The file is written in the screen's language.
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ from: '2026-12-01', status: 'cancelled', q: 'Asha', sort: '-created_at', lang: 'en' });

    // After "Clear filters" the export is of the whole (searched) list again.
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(server.calls('GET', '/api/bookings/export/pdf')).toHaveLength(2));
    expect(Object.fromEntries(server.calls('GET', '/api/bookings/export/pdf')[1].url.searchParams)).toEqual({ q: 'Asha', sort: '-created_at', lang: 'en' });
  });
});
