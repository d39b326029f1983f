/**
 * Profiles shaped like the server's (the server's contract, openapi.json), and a member-only listing that serves
 * them with the filters, paging and X-Total-Count, for the matches page's tests.
 */
import { json } from '@/test/render';
import type { PublicProfile, SignedFile } from '../api';
import { serve, type Handler } from './fakeServer';

/** A signed link that runs out `minutes` from now (negative: already expired). */
export function signed(name: string, contentType = 'image/webp', minutes = 15): SignedFile {
  const expires = Date.now() + minutes * 60_000;
  return {
    url: `/api/profile/files/${name}?expires=${Math.floor(expires / 1000)}&sig=ab12`,
    content_type: contentType,
    expires_at: new Date(expires).toISOString(),
  };
}

export function publicProfile(id: number, name: string, extra: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id,
    profile_for: 'Daughter',
    name,
    gender: 'Female',
    dob: '1998-02-01',
    age: 28,
    religion: 'Hindu',
    caste: 'Padmashali',
    occupation: 'Teacher',
    education: 'M.A.',
    location: 'Solapur',
    height: '5\'4"',
    about: 'Likes music.',
    photo: signed(`photo-${id}.jpg`, 'image/jpeg'),
    photo_thumb: signed(`photo-${id}-480.webp`),
    biodata: signed(`biodata-${id}.pdf`, 'application/pdf'),
    uploaded_at: '2026-11-20T10:00:00+05:30',
    ...extra,
  };
}

export type FakeMatches = ReturnType<typeof serveMatches>;

/**
 * Serves GET /api/profile/uploaded-profiles and /{id} from `profiles` (mutable: change it, then
 * send a live event) to the member token `token`; any other token gets 401.
 */
export function serveMatches(profiles: PublicProfile[], { token = 'member-token', extra = {} as Record<string, Handler> } = {}) {
  const state = { profiles, fail: false };
  const allowed = (headers: Headers) => headers.get('Authorization') === `Bearer ${token}`;
  const refused = () => json({ error: 'Authentication required' }, 401);
  const requests = serve({
    'GET /api/profile/uploaded-profiles': ({ headers, url }) => {
      if (!allowed(headers)) return refused();
      if (state.fail) return json({ error: 'Internal server error' }, 500);
      const p = url.searchParams;
      const has = (text: string, part: string | null) => !part || text.toLowerCase().includes(part.toLowerCase());
      const hits = state.profiles.filter(
        (profile) =>
          (!p.get('gender') || profile.gender === p.get('gender')) &&
          (!p.get('age_min') || profile.age >= Number(p.get('age_min'))) &&
          (!p.get('age_max') || profile.age <= Number(p.get('age_max'))) &&
          has(profile.location, p.get('location')) &&
          has(profile.education, p.get('education')) &&
          (!p.get('q') || [profile.name, profile.religion, profile.caste].some((text) => has(text, p.get('q')))),
      );
      const page = Number(p.get('page') ?? 1);
      const perPage = Number(p.get('per_page') ?? 24);
      return json(hits.slice((page - 1) * perPage, page * perPage), 200, { 'X-Total-Count': String(hits.length) });
    },
    'GET /api/profile/uploaded-profiles/[0-9]+': ({ headers, path }) => {
      if (!allowed(headers)) return refused();
      const profile = state.profiles.find((p) => p.id === Number(path.split('/').at(-1)));
      return profile ? json(profile) : json({ error: 'Not found' }, 404);
    },
    ...extra,
  });
  return Object.assign(state, { requests });
}
