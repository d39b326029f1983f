/**
 * Test helpers of the administrator's profiles page: profiles shaped like the server's
 * `AdminProfile` (the server's contract, openapi.json), an in-memory server for the list (q, status, paging,
 * X-Total-Count), delete, publish and take back. The edit, a multipart PUT, is answered through
 * the shared stand-in for XMLHttpRequest (src/test/fakeXhr.ts).
 */
import { json, mockFetch, noContent } from '@/test/adminRender';
import type { AdminProfile, SignedFile } from '../admin/api';

/** When the links of the fake profiles expire: 15 minutes after the tests start, as the server's. */
const LINKS_EXPIRE = new Date(Date.now() + 15 * 60_000);

/** A signed link as the server hands it out. */
export function signedFile(name: string, contentType: string, expires: Date = LINKS_EXPIRE): SignedFile {
  return {
    url: `/api/profile/files/${name}?expires=${Math.floor(expires.getTime() / 1000)}&sig=${'ab'.repeat(32)}`,
    content_type: contentType,
    expires_at: expires.toISOString(),
  };
}

export function adminProfile(id: number, name: string, extra: Partial<AdminProfile> = {}): AdminProfile {
  const stem = id.toString(16).padStart(32, '0');
  return {
    id,
    profile_for: 'Son',
    name,
    gender: 'Male',
    dob: '1996-04-12',
    age: 30,
    religion: 'Hindu',
    caste: 'Padmashali',
    occupation: 'Engineer',
    education: 'B.E.',
    location: 'Pune',
    height: `5'8"`,
    about: 'Likes music.',
    photo: signedFile(`${stem}.jpg`, 'image/jpeg'),
    photo_thumb: signedFile(`${stem}-320.webp`, 'image/webp'),
    photo_width: 600,
    photo_height: 800,
    biodata: signedFile(`${stem}b.pdf`, 'application/pdf'),
    email: `profile${id}@example.org`,
    mobile: '9876543210',
    status: 'pending',
    account_id: null,
    uploaded_at: null,
    created_at: '2026-11-20T10:00:00+05:30',
    updated_at: '2026-11-20T10:00:00+05:30',
    ...extra,
  } as AdminProfile;
}

type Routes = Parameters<typeof mockFetch>[0];

/**
 * Serves `rows` (kept in memory and changed by delete, publish and take back) like the real
 * administrator routes; `extra` adds or replaces routes (e.g. a failing delete).
 */
export function profileAdminServer(initial: AdminProfile[], extra: Routes = {}) {
  const state = { rows: [...initial] };
  const find = (id: string) => state.rows.find((row) => row.id === Number(id));
  const setStatus = (id: string, status: 'pending' | 'uploaded') => {
    const row = find(id);
    if (!row) return json({ error: 'Not found' }, { status: 404 });
    const changed = { ...row, status, uploaded_at: status === 'uploaded' ? '2026-11-24T09:00:00+05:30' : null } as AdminProfile;
    state.rows = state.rows.map((r) => (r.id === row.id ? changed : r));
    return json(changed);
  };
  const server = mockFetch({
    'GET /api/profile/profiles': (_request, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 25);
      const hits = state.rows.filter(
        (row) => (!q || [row.name, row.email, row.mobile, row.location, row.caste].some((v) => v.toLowerCase().includes(q))) && (!status || row.status === status),
      );
      return json(hits.slice((page - 1) * perPage, page * perPage), { total: hits.length });
    },
    'DELETE /api/profile/profiles/:id': (_request, _url, { id }) => {
      if (!find(id)) return json({ error: 'Not found' }, { status: 404 });
      state.rows = state.rows.filter((row) => row.id !== Number(id));
      return noContent();
    },
    'POST /api/profile/upload-profile/:id': (_request, _url, { id }) => setStatus(id, 'uploaded'),
    'DELETE /api/profile/upload-profile/:id': (_request, _url, { id }) => setStatus(id, 'pending'),
    ...extra,
  });
  return { ...server, state };
}
