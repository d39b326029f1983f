/** The plain lists of the table: the shared list page, as each declares it. */
import { screen, within } from '@testing-library/react';
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
  it('name the subscriber by the address or number and the day', async () => {
    const subscriber = { id: 3, value: '9876543210', created_at: '2026-03-09T18:45:00+05:30' };
    mockFetch({ 'GET /api/subscribers': () => json([subscriber], { total: 1 }) });
    renderSection('subscribers');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: 9876543210' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Delete this subscriber?');
    const [value, date] = shown();
    expect(value).toBe('9876543210');
    expect(date).toMatch(/^Subscribed on: 9 Mar 2026/);
  });
});
