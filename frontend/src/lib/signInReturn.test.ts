import { describe, expect, it } from 'vitest';
import { returnSearch, safeReturnPath } from './signInReturn';

describe('the page to go back to after signing in', () => {
  it('is a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/admin/dashboard/contacts')).toBe('/admin/dashboard/contacts');
    expect(safeReturnPath('/admin/family/12?tab=members#top')).toBe('/admin/family/12?tab=members#top');
    expect(safeReturnPath('/admin/dashboard/../dashboard/heads')).toBe('/admin/dashboard/heads');
  });

  it('is never another site, a script, or the sign-in pages themselves', () => {
    for (const value of [
      null,
      undefined,
      '',
      'admin/dashboard',
      '//elsewhere.example/admin',
      '/\\elsewhere.example',
      '/\t/elsewhere.example',
      'https://elsewhere.example/admin/dashboard',
      'javascript:alert(1)',
      '/adminLogin',
      '/login?next=/admin/dashboard',
      '/register',
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('travels as ?next= from the page that asked for the sign-in', () => {
    expect(returnSearch({ pathname: '/admin/family/12', search: '', hash: '' })).toBe('?next=%2Fadmin%2Ffamily%2F12');
    expect(returnSearch({ pathname: '/admin/dashboard/heads', search: '?q=patil', hash: '' })).toBe('?next=%2Fadmin%2Fdashboard%2Fheads%3Fq%3Dpatil');
    expect(returnSearch({ pathname: '/adminLogin', search: '', hash: '' })).toBe('');
  });
});
