/**
 * The matrimonial section's server calls: the free registration, the member sign-in,
 * the Create Profile upload (with its progress, lib/upload.ts) and the matches listing. Member calls carry the member token explicitly; the administrator
 * middleware adds its own token only to calls without an Authorization header, so it never acts
 * on a member call's refusal, and it does not take the member sign-in's 401 (a wrong password)
 * for a refused administrator token.
 */
import { api, errorText, fieldErrors, formCall, type FormOutcome, type Schemas } from '@/lib/api';
import { HONEYPOT_FIELD } from '@/components/ui/Honeypot';
import type { paths } from '@/lib/api-schema';
import type { RealtimeEvent } from '@/lib/realtime';
import { latinDigits } from '@/lib/text';
import { upload } from '@/lib/upload';
import type { ProfileValues } from './fields';
import { memberAuthorization } from './memberToken';

export { clearMemberToken, getMemberToken, setMemberToken } from './memberToken';

export type MemberRegistration = Schemas['MemberRegistration'];
export type MemberLogin = Schemas['MemberLogin'];

/** The registration form's values: plain strings (the select may still be empty until the rules pass). */
export type RegistrationValues = Record<'profile_for' | 'email' | 'mobile' | 'password', string>;

/**
 * POST /api/matrimony/register: 201, 409 when the e-mail or mobile already has an account, 422,
 * 429 past the rate limit. The rules have checked `profile_for` against the server's list before
 * anything is sent. `website` is the honeypot (components/ui/Honeypot), empty from people.
 */
export const registerMember = (values: RegistrationValues, website: string) =>
  formCall(() => api.POST('/api/matrimony/register', { body: { ...(values as MemberRegistration), website } }));

/** POST /api/auth/login: `{message, token}`; 401 with one message for any wrong pair; 429 after repeated failures. */
export const loginMember = (body: MemberLogin) => formCall(() => api.POST('/api/auth/login', { body }));

// ---------------------------------------------------------------------------------------------
// Create Profile (public, multipart)

/** A profile as members see it: never an e-mail, a mobile number or an account. */
export type PublicProfile = Schemas['PublicProfile'];
/** A private file's short-lived signed link. */
export type SignedFile = Schemas['SignedFile'];

export type ProfileFiles = { photo: File; biodata?: File | null };

const PROFILE_REGISTER = '/api/profile/register' satisfies keyof paths;

/**
 * POST /api/profile/register: the text fields, the honeypot `website` (empty from people),
 * `profile_photo` and the optional `biodata`, with `onProgress` reporting the share of the body
 * sent (0..1). A public call: no token travels with it. 201 `{message}`; 422 per field; 415 for
 * a file that is not what it must be; 413 when too large; 429 past the rate limit or the day's
 * cap of uploaded bytes (with `Retry-After`).
 */
export async function createProfile(
  values: ProfileValues,
  files: ProfileFiles,
  onProgress: (sent: number) => void,
  website: string,
): Promise<FormOutcome<{ message: string }>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value.trim());
  form.append(HONEYPOT_FIELD, website);
  form.append('profile_photo', files.photo, files.photo.name);
  if (files.biodata) form.append('biodata', files.biodata, files.biodata.name);
  const sent = await upload({ method: 'POST', path: PROFILE_REGISTER, form, onProgress });
  if (!sent.ok) return { ok: false, status: sent.status, error: errorText(sent.error, ''), fields: fieldErrors(sent.error), retryAfter: sent.retryAfter ?? null };
  const body = sent.data;
  const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
  return { ok: true, data: { message } };
}

// ---------------------------------------------------------------------------------------------
// Matches (member token)

/** The matches page's filters; an empty text means "any". */
export type MatchFilters = { gender: string; age_min: string; age_max: string; location: string; education: string; q: string };

export type MatchesPage = { items: PublicProfile[]; total: number };

/** A member call refused the token (expired, or not a member's): the caller signs the member out. */
export class MemberRefused extends Error {
  constructor() {
    super('The member token was refused');
  }
}

function filterQuery(filters: MatchFilters) {
  const text = (value: string) => value.trim() || undefined;
  const number = (value: string) => (value.trim() === '' ? undefined : Number(latinDigits(value.trim())));
  return {
    gender: text(filters.gender) as PublicProfile['gender'] | undefined,
    age_min: number(filters.age_min),
    age_max: number(filters.age_max),
    location: text(filters.location),
    education: text(filters.education),
    q: text(filters.q),
  };
}

/** Keeps only entries that look like profiles, so a surprising answer cannot break the page. */
function validProfiles(data: unknown): PublicProfile[] {
  if (!Array.isArray(data)) return [];
  return data.filter((item): item is PublicProfile => !!item && typeof item === 'object' && typeof item.id === 'number' && typeof item.name === 'string');
}

/** GET /api/profile/uploaded-profiles with the member token: one page, total from X-Total-Count. Throws MemberRefused on 401/403. */
export async function fetchMatches(token: string, filters: MatchFilters, page: number, perPage: number, signal?: AbortSignal): Promise<MatchesPage> {
  const { data, response } = await api.GET('/api/profile/uploaded-profiles', {
    params: { query: { ...filterQuery(filters), page, per_page: perPage } },
    headers: memberAuthorization(token),
    signal,
  });
  if (response.status === 401 || response.status === 403) throw new MemberRefused();
  if (!response.ok) throw new Error(`GET uploaded-profiles: ${response.status}`);
  const items = validProfiles(data);
  const header = response.headers.get('X-Total-Count');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : (page - 1) * perPage + items.length;
  return { items, total };
}

/** GET /api/profile/uploaded-profiles/{id} with the member token: the profile, or null when it is not (or no longer) uploaded. */
export async function fetchMatch(token: string, id: number): Promise<PublicProfile | null> {
  const { data, response } = await api.GET('/api/profile/uploaded-profiles/{id}', { params: { path: { id } }, headers: memberAuthorization(token) });
  if (response.status === 401 || response.status === 403) throw new MemberRefused();
  if (response.status === 404) return null;
  if (!response.ok || !data) throw new Error(`GET uploaded-profiles/${id}: ${response.status}`);
  return data;
}

/** The live events of the matches gallery: a profile uploaded (or edited while uploaded), or taken away. */
export function profileEvent(event: RealtimeEvent): { kind: 'uploaded' | 'deleted'; id: number } | null {
  if (event.type === 'profileUploaded') return { kind: 'uploaded', id: event.id };
  if (event.type === 'profileDeleted') return { kind: 'deleted', id: event.id };
  return null;
}
