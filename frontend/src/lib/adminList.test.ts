import { describe, expect, it } from 'vitest';
import { localListLoader } from './adminList';

const rows = [
  { id: 1, name: 'सुनीता', relation: 'Daughter', whatsapp: '9876543211', age: 28 },
  { id: 2, name: 'Rohan', relation: 'Son', whatsapp: '9876500000', age: 9 },
  { id: 3, name: 'Kavita', relation: 'Wife', whatsapp: '9822000000', age: 51 },
];

describe('a list loader over rows in the page', () => {
  const load = localListLoader(rows, ['name', 'relation', 'whatsapp']);

  it('searches the named fields, ignoring case, with Devanagari digits read as Latin', async () => {
    expect((await load({ q: 'son', page: 1, per_page: 25 })).rows.map((r) => r.id)).toEqual([2]);
    expect((await load({ q: 'सुनी', page: 1, per_page: 25 })).rows.map((r) => r.id)).toEqual([1]);
    expect((await load({ q: '९८२२', page: 1, per_page: 25 })).rows.map((r) => r.id)).toEqual([3]);
    expect(await load({ q: 'nobody', page: 1, per_page: 25 })).toEqual({ rows: [], total: 0 });
  });

  it('sorts (numbers as numbers, - for descending) and pages with the total', async () => {
    expect((await load({ page: 1, per_page: 25, sort: 'age' })).rows.map((r) => r.id)).toEqual([2, 1, 3]);
    expect((await load({ page: 1, per_page: 25, sort: '-relation' })).rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(await load({ page: 2, per_page: 2 })).toEqual({ rows: [rows[2]], total: 3 });
    // The page's rows are left in their order.
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
