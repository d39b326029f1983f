import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import AdminAudit from './AdminAudit';
import { auditQuery, changeRows } from './auditLabels';
import type { AuditEntry } from './api';

const cancelled: AuditEntry = {
  id: 7,
  at: '2026-11-20T04:35:00Z',
  actor: 'clerk@example.org',
  address: '127.0.0.1',
  action: 'cancel',
  entity: 'bookings',
  entity_id: '12',
  summary: 'Cancelled booking ALD-12',
  changes: JSON.stringify({ before: { status: 'confirmed' }, after: { status: 'cancelled' } }),
};
const added: AuditEntry = {
  id: 6,
  at: '2026-11-19T10:00:00Z',
  actor: 'owner@example.org',
  address: '127.0.0.1',
  action: 'create',
  entity: 'administrators',
  entity_id: '2',
  summary: 'Added administrator clerk@example.org',
  changes: JSON.stringify({ after: { email: 'clerk@example.org', roles: ['bookings'] } }),
};

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('/admin/dashboard/audit', () => {
  it('shows each entry: when in India time, who, the action and section in words, the id and the summary', async () => {
    mockFetch({ 'GET /api/admin/audit': () => json([cancelled, added], { total: 2 }) });
    renderAt(<AdminAudit />);
    const row = (await screen.findByText('Cancelled booking ALD-12')).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([expect.stringMatching(/^20 Nov 2026, 10:05/), 'clerk@example.org', 'Cancelled', 'Alandi Room Bookings', '12']);
    expect(screen.getByText('Added administrator clerk@example.org').closest('tr')).toHaveTextContent('Administrators');
  });

  it('sends the filters with the list and the exports, newest first, and back to page 1', async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/admin/audit': () => json([cancelled], { total: 1 }),
      'GET /api/admin/audit/export/excel': () => new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="audit.xlsx"' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(<AdminAudit />);
    await screen.findByText('Cancelled booking ALD-12');
    expect(screen.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByLabelText('Person (email)'), ' clerk@example.org ');
    await user.selectOptions(screen.getByLabelText('Section'), 'Alandi Room Bookings');
    await user.selectOptions(screen.getByLabelText('Action'), 'Cancelled');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    const expected = { actor: 'clerk@example.org', entity: 'bookings', action: 'cancel', from: '2026-11-01', to: '2026-11-30' };
    await waitFor(() => {
      const last = server.calls('GET', '/api/admin/audit').at(-1)!.url.searchParams;
      expect(Object.fromEntries([...last].filter(([name]) => name in expected))).toEqual(expected);
      expect(last.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('File downloaded: audit.xlsx')).toBeInTheDocument();
    const exported = server.calls('GET', '/api/admin/audit/export/excel')[0].url.searchParams;
    expect(Object.fromEntries([...exported])).toMatchObject({ ...expected, lang: 'en' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(server.calls('GET', '/api/admin/audit').at(-1)!.url.searchParams.has('entity')).toBe(false));
    expect(screen.getByLabelText('Person (email)')).toHaveValue('');
  });

  it('names a backup download (section and action `backup`) in words, and filters by them', async () => {
    const user = userEvent.setup();
    const backup: AuditEntry = {
      id: 8,
      at: '2026-11-21T04:35:00Z',
      actor: 'owner@example.org',
      address: '127.0.0.1',
      action: 'backup',
      entity: 'backup',
      entity_id: null,
      summary: 'Downloaded a backup: 120 rows, 4 files, 51234 bytes',
      changes: '',
    };
    const server = mockFetch({ 'GET /api/admin/audit': () => json([backup], { total: 1 }) });
    renderAt(<AdminAudit />);
    const row = (await screen.findByText(backup.summary)).closest('tr')!;
    expect(within(row).getAllByRole('cell').slice(2, 4).map((cell) => cell.textContent)).toEqual(['Backup', 'Backups']);
    await user.selectOptions(screen.getByLabelText('Section'), 'Backups');
    await user.selectOptions(screen.getByLabelText('Action'), 'Backup');
    await waitFor(() => {
      const last = server.calls('GET', '/api/admin/audit').at(-1)!.url.searchParams;
      expect([last.get('entity'), last.get('action')]).toEqual(['backup', 'backup']);
    });
  });

  it('folds out the changes as a table of fields before and after, an absent side as "—"', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/admin/audit': () => json([cancelled, added], { total: 2 }) });
    renderAt(<AdminAudit />);
    const row = (await screen.findByText('Added administrator clerk@example.org')).closest('tr')!;
    await user.click(within(row).getByText('Show changes (2)'));
    const table = within(row).getByRole('table');
    const lines = within(table)
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Field', 'Before', 'After'],
      ['email', '—', 'clerk@example.org'],
      ['roles', '—', '["bookings"]'],
    ]);
    const other = (await screen.findByText('Cancelled booking ALD-12')).closest('tr')!;
    await user.click(within(other).getByText('Show changes (1)'));
    const [, status] = within(within(other).getByRole('table')).getAllByRole('row');
    expect([...status.children].map((cell) => cell.textContent)).toEqual(['status', 'confirmed', 'cancelled']);
  });

  it('reads changes and filters (unit)', () => {
    expect(changeRows('{"before":{"a":1,"b":null}}')).toEqual([
      { field: 'a', before: 1, after: undefined, hasBefore: true, hasAfter: false },
      { field: 'b', before: null, after: undefined, hasBefore: true, hasAfter: false },
    ]);
    expect(changeRows('{}')).toBeNull();
    expect(changeRows('not json')).toBeNull();
    expect(auditQuery({ actor: '  ', entity: 'contacts', action: undefined, from: '2026-01-01' })).toEqual({ entity: 'contacts', from: '2026-01-01' });
  });
});
