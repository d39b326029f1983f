import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import AdminHome from './AdminHome';

beforeEach(() => localStorage.setItem('adminToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard home', () => {
  it('counts the matrimonial profiles and those awaiting approval from the list totals, each card opening its list', async () => {
    const server = mockFetch({
      'GET /api/profile/profiles': (_request, url) => json([], { total: url.searchParams.get('status') === 'pending' ? 3 : 12 }),
    });
    renderAt(<AdminHome sections={[]} />);

    const all = (await screen.findByText('Matrimonial Profiles')).closest('a')!;
    const pending = screen.getByText('Profiles awaiting approval').closest('a')!;
    expect(await within(all).findByText('12')).toBeInTheDocument();
    expect(await within(pending).findByText('3')).toBeInTheDocument();
    expect(all).toHaveAttribute('href', '/admin/dashboard/profiles');
    expect(pending).toHaveAttribute('href', '/admin/dashboard/profiles?status=pending');
    const asked = server.calls('GET', '/api/profile/profiles').map((r) => r.url.searchParams.get('status'));
    expect(asked.sort()).toEqual([null, 'pending'].sort());
  });
});
