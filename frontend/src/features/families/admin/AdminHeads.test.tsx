import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent, renderAt } from '@/test/adminRender';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { headRow } from '../testing/fakeFamilies';
import AdminHeads from './AdminHeads';

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.setItem('adminToken', 'tok');
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the dashboard's Family Details", () => {
  it('lists the heads surname first with the member count, marks a possible duplicate and links each to its family page', async () => {
    mockFetch({
      'GET /api/heads': () =>
        json([headRow(4, 'Suresh', 'Patil', { memberCount: 2, duplicateOf: 1 }), headRow(1, 'सुरेश', 'पाटील', { memberCount: 3 })], { total: 2 }),
    });
    renderAt(<AdminHeads />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Family Details' })).toBeInTheDocument();
    const row = (await screen.findByText(/^Patil Suresh रामचंद्र/)).closest('tr')!;
    expect(within(row).getByText('Possible duplicate')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('9876543210')).toHaveAttribute('href', 'tel:9876543210');
    expect(within(row).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View: Suresh रामचंद्र Patil' })).toHaveAttribute('href', '/admin/family/4');
    const other = screen.getByText('पाटील सुरेश रामचंद्र').closest('tr')!;
    expect(within(other).queryByText('Possible duplicate')).not.toBeInTheDocument();
    expect(within(other).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/admin/family/1');
  });

  it('in Marathi writes the count and the date in Devanagari digits and the WhatsApp number in Latin digits, as the booking lists do (lib/digits)', async () => {
    mockFetch({ 'GET /api/heads': () => json([headRow(4, 'Suresh', 'Patil', { memberCount: 12 })], { total: 1 }) });
    renderAt(<AdminHeads />, { lng: 'mr' });
    const row = (await screen.findByText(/^Patil Suresh/)).closest('tr')!;
    expect(within(row).getByText('१२')).toBeInTheDocument();
    expect(within(row).getByText('9876543210')).toHaveAttribute('href', 'tel:9876543210');
    expect(within(row).getByText('२० नोव्हें, २०२६')).toBeInTheDocument();
  });

  it('searches on the server and sorts by surname from the name header, newest first by default', async () => {
    const server = mockFetch({ 'GET /api/heads': () => json([headRow(1, 'Suresh', 'Patil', { lastName: 'Kulkarni' })], { total: 1 }) });
    renderAt(<AdminHeads />);
    // The last name shows too when it is not the surname.
    await screen.findByText('Patil Suresh रामचंद्र Kulkarni');
    expect(server.calls('GET', '/api/heads')[0].url.searchParams.get('sort')).toBe('-created_at');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'पाटील{Enter}');
    await waitFor(() => expect(server.calls('GET', '/api/heads').at(-1)!.url.searchParams.get('q')).toBe('पाटील'));
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(server.calls('GET', '/api/heads').at(-1)!.url.searchParams.get('sort')).toBe('surname'));
  });

  it('deletes a family after "Are you sure you want to delete this family?" naming it', async () => {
    const rows = [headRow(5, 'Meera', 'Deshpande')];
    const server = mockFetch({
      'GET /api/heads': () => json(rows, { total: rows.length }),
      'DELETE /api/heads/:id': () => {
        rows.splice(0, 1);
        return noContent();
      },
    });
    renderAt(<AdminHeads />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Meera रामचंद्र Deshpande' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this family?');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Meera रामचंद्र Deshpande',
      'WhatsApp number: 9876543210',
      'Registered on: 20 Nov 2026',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully.')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/heads/5')).toHaveLength(1);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('exports the register as Excel and PDF with the current search', async () => {
    const file = (name: string) => () => new Response('x', { headers: { 'Content-Disposition': `attachment; filename="${name}"` } });
    const server = mockFetch({
      'GET /api/heads': () => json([headRow(1, 'Suresh', 'Patil')], { total: 1 }),
      'GET /api/heads/export/excel': file('heads.xlsx'),
      'GET /api/heads/export/pdf': file('heads.pdf'),
    });
    renderAt(<AdminHeads />);
    await screen.findByText('Patil Suresh रामचंद्र');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Patil{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: heads.xlsx')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('File downloaded: heads.pdf')).toBeInTheDocument();
    expect(server.calls('GET', '/api/heads/export/excel')[0].url.searchParams.get('q')).toBe('Patil');
    expect(server.calls('GET', '/api/heads/export/pdf')[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('reloads when a family is registered or changed anywhere (familiesUpdated)', async () => {
    const rows = [headRow(1, 'Suresh', 'Patil')];
    const server = mockFetch({ 'GET /api/heads': () => json(rows, { total: rows.length }) });
    renderAt(<AdminHeads />);
    await screen.findByText('Patil Suresh रामचंद्र');
    rows.unshift(headRow(2, 'Asha', 'Kulkarni'));
    act(() => FakeWebSocket.instances[0].receive({ type: 'bookings_updated', kind: 'room' }));
    act(() => FakeWebSocket.instances[0].receive({ type: 'familiesUpdated' }));
    expect(await screen.findByText('Kulkarni Asha रामचंद्र')).toBeInTheDocument();
    expect(server.calls('GET', '/api/heads')).toHaveLength(2);
  });
});
