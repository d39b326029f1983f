/** The plain lists of the table: the shared list page, as each declares it. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminListPage } from '@/components/admin/AdminListPage';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import { adminSections } from './adminSections';

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = () => within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent);

/** The section's page, as the route table draws it. */
function renderSection(path: string) {
  const section = adminSections.find((s) => s.path === path);
  if (!section?.list) throw new Error(`${path} is not a plain list`);
  renderAt(<AdminListPage title={section.label} list={section.list} />);
}

describe('delete confirmations', () => {
  it('name the subscriber by the address or number, the status and the day', async () => {
    const subscriber = { id: 3, value: '9876543210', created_at: '2026-03-09T18:45:00+05:30', status: 'mobile', lang: 'mr' };
    mockFetch({ 'GET /api/subscribers': () => json([subscriber], { total: 1 }) });
    renderSection('subscribers');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: 9876543210' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Delete this subscriber?');
    const [value, status, date] = shown();
    expect(value).toBe('9876543210');
    expect(status).toBe('Status: Mobile (for the WhatsApp list)');
    expect(date).toMatch(/^Subscribed on: 9 Mar 2026/);
  });
});

describe('the subscribers', () => {
  const subscribers = [
    { id: 4, value: 'asha@example.org', created_at: '2026-03-10T10:00:00Z', status: 'waiting', lang: 'mr' },
    { id: 3, value: 'ravi@example.org', created_at: '2026-03-09T10:00:00Z', status: 'confirmed', lang: 'en' },
    { id: 2, value: 'old@example.org', created_at: '2026-03-08T10:00:00Z', status: 'unsubscribed', lang: 'en' },
    { id: 1, value: '9876543210', created_at: '2026-03-07T10:00:00Z', status: 'mobile', lang: 'mr' },
  ];

  it('show each one\'s status in words', async () => {
    mockFetch({ 'GET /api/subscribers': () => json(subscribers, { total: 4 }) });
    renderSection('subscribers');
    await screen.findByText('asha@example.org');
    const statuses = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(statuses).toEqual(['Waiting for confirmation', 'Confirmed', 'Unsubscribed', 'Mobile (for the WhatsApp list)']);
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  });

  it('filter by status: the list and its exports carry it, and All sends none', async () => {
    const user = userEvent.setup();
    const server = mockFetch({
      'GET /api/subscribers': (_request, url) => json(subscribers.filter((s) => !url.searchParams.get('status') || s.status === url.searchParams.get('status')), { total: 1 }),
      'GET /api/subscribers/export/excel': () => new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="subscribers.xlsx"' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSection('subscribers');
    await screen.findByText('asha@example.org');
    const last = () => server.calls('GET', '/api/subscribers').at(-1)!.url.searchParams;
    expect(last().has('status')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Confirmed');
    await waitFor(() => expect(last().get('status')).toBe('confirmed'));
    await waitFor(() => expect(screen.queryByText('asha@example.org')).not.toBeInTheDocument());
    expect(screen.getByText('ravi@example.org')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(server.calls('GET', '/api/subscribers/export/excel')).toHaveLength(1));
    expect(server.calls('GET', '/api/subscribers/export/excel')[0].url.searchParams.get('status')).toBe('confirmed');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(last().has('status')).toBe(false));
  });

  it('say when no subscriber matches the filter', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/subscribers': (_request, url) => json(url.searchParams.get('status') ? [] : subscribers, { total: url.searchParams.get('status') ? 0 : 4 }) });
    renderSection('subscribers');
    await screen.findByText('asha@example.org');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unsubscribed');
    expect(await screen.findByText('No entries match the filters.')).toBeInTheDocument();
  });
});
