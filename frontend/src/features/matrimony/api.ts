/**
 * The matrimonial section's server calls: the free registration (which signs the member in), the
 * member sign-in, the forgotten password, the Create Profile upload (with its progress,
 * lib/upload.ts), the member's own profiles ("My profile") and the matches listing. Member calls carry the member token explicitly; the administrator
 * middleware adds its own token only to calls without an Authorization header, so it never acts
 * on a member call's refusal, and it does not take the member sign-in's 401 (a wrong password)
 * for a refused administrator token.
 */
import { api, errorText, fieldErrors, formCall, type FormOutcome, type Schemas } from '@/lib/api';
import { HONEYPOT_FIELD } from '@/components/ui/Honeypot';
import type { paths } from '@/lib/api-schema';
import type { RealtimeEvent } from '@/lib/realtime';
import { latinDigits } from '@/lib/text';
import { upload, type UploadOutcome } from '@/lib/upload';
import type { ProfileValues } from './fields';
import { memberAuthorization } from './memberToken';

export { clearMemberToken, getMemberToken, setMemberToken, useMemberToken } from './memberToken';

export type MemberRegistration = Schemas['MemberRegistration'];
export type MemberLogin = Schemas['MemberLogin'];

/** The registration form's values: plain strings (the select may still be empty until the rules pass). */
export type RegistrationValues = Record<'profile_for' | 'email' | 'mobile' | 'password', string>;

/**
 * POST /api/matrimony/register: 201 `{message, token}` (the member is signed in by registering), 409 when the e-mail or mobile already has an account, 422,
 * 429 past the rate limit. The rules have checked `profile_for` against the server's list before
 * anything is sent. `website` is the honeypot (components/ui/Honeypot), empty from people.
 */
export const registerMember = (values: RegistrationValues, website: string) =>
  formCall(() => api.POST('/api/matrimony/register', { body: { ...(values as MemberRegistration), website } }));

/** POST /api/auth/login: `{message, token}`; 401 with one message for any wrong pair; 429 after repeated failures. */
export const loginMember = (body: MemberLogin) => formCall(() => api.POST('/api/auth/login', { body }));

/**
 * POST /api/auth/forgot-password: 202 `{message}`, the same whether or not an account has the
 * address; 409 when the site sends no mail (the board resets passwords then); 422 under `email`;
 * 429 past the rate limit. `website` is the honeypot.
 */
export const askPasswordReset = (email: string, website: string) =>
  formCall(() => api.POST('/api/auth/forgot-password', { body: { email, website } }));

/**
 * POST /api/auth/reset-password with the e-mailed link's token: 200 `{message}`; 400 when the
 * link has expired or was used; 422 under `password`; 429 past the rate limit. `website` is the
 * honeypot.
 */
export const setNewPassword = (token: string, password: string, website: string) =>
  formCall(() => api.POST('/api/auth/reset-password', { body: { token, password, website } }));

// ---------------------------------------------------------------------------------------------
// Create Profile and My profile (member token, multipart)

/** A profile as members see it: never an e-mail, a mobile number or an account. */
export type PublicProfile = Schemas['PublicProfile'];
/** A member's own profile: every field, its status (pending / uploaded) and its signed links. */
export type OwnProfile = Schemas['AdminProfile'];
/** A private file's short-lived signed link. */
export type SignedFile = Schemas['SignedFile'];

/** The files of a profile form: the photo (required at creation) and the optional biodata. */
export type ProfileFiles = { photo?: File | null; biodata?: File | null };

const PROFILE_REGISTER = '/api/profile/register' satisfies keyof paths;
const OWN_PROFILE = '/api/profile/mine/{id}' satisfies keyof paths;

/** The multipart body of a profile form: the text fields (trimmed) and the chosen files. */
function profileForm(values: ProfileValues, files: ProfileFiles, website?: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value.trim());
  if (website !== undefined) form.append(HONEYPOT_FIELD, website);
  if (files.photo) form.append('profile_photo', files.photo, files.photo.name);
  if (files.biodata) form.append('biodata', files.biodata, files.biodata.name);
  return form;
}

/** An upload's end as a form's outcome (the body as `T` when it is an object). */
function outcomeOf<T>(sent: UploadOutcome): FormOutcome<T> {
  if (!sent.ok) return { ok: false, status: sent.status, error: errorText(sent.error, ''), fields: fieldErrors(sent.error), retryAfter: sent.retryAfter ?? null };
  const body = sent.data && typeof sent.data === 'object' ? sent.data : {};
  return { ok: true, data: body as T };
}

/**
 * POST /api/profile/register with the member token: the text fields, the honeypot `website`
 * (empty from people), `profile_photo` and the optional `biodata`, with `onProgress` reporting
 * the share of the body sent (0..1). The profile belongs to the signed-in member. 201
 * `{message}`; 401 without a valid member token; 422 per field; 415 for a file that is not what
 * it must be; 413 when too large; 429 past the rate limit or the day's cap of uploaded bytes.
 */
export async function createProfile(
  token: string,
  values: ProfileValues,
  files: ProfileFiles,
  onProgress: (sent: number) => void,
  website: string,
): Promise<FormOutcome<{ message?: string }>> {
  const sent = await upload({ method: 'POST', path: PROFILE_REGISTER, token, form: profileForm(values, files, website), onProgress });
  return outcomeOf(sent);
}

/**
 * PUT /api/profile/mine/{id} with the member token: every text field, and a new photo or
 * biodata only to replace the stored one. The saved profile, back to pending (the board checks
 * it again); 404 for a profile that is not the member's (or no longer exists); 401, 413, 415, 422
 * as at creation.
 */
export async function saveOwnProfile(
  token: string,
  id: number,
  values: ProfileValues,
  files: ProfileFiles,
  onProgress: (sent: number) => void,
): Promise<FormOutcome<OwnProfile>> {
  const path = OWN_PROFILE.replace('{id}', String(id));
  return outcomeOf<OwnProfile>(await upload({ method: 'PUT', path, token, form: profileForm(values, files), onProgress }));
}

/** A member call refused the token (expired, or not a member's): the caller signs the member out. */
export class MemberRefused extends Error {
  constructor() {
    super('The member token was refused');
  }
}

/** Keeps only entries that look like a member's own profiles. */
function validOwnProfiles(data: unknown): OwnProfile[] {
  if (!Array.isArray(data)) return [];
  return data.filter((item): item is OwnProfile => !!item && typeof item === 'object' && typeof item.id === 'number' && typeof item.name === 'string');
}

/** GET /api/profile/mine: the member's own profiles, newest first. Throws MemberRefused on 401/403. */
export async function fetchOwnProfiles(token: string, signal?: AbortSignal): Promise<OwnProfile[]> {
  const { data, response } = await api.GET('/api/profile/mine', { headers: memberAuthorization(token), signal });
  if (response.status === 401 || response.status === 403) throw new MemberRefused();
  if (!response.ok) throw new Error(`GET /api/profile/mine: ${response.status}`);
  return validOwnProfiles(data);
}

/**
 * DELETE /api/profile/mine/{id}: the profile is erased with its photo and biodata. `gone` also
 * for a 404 (it was already erased); throws MemberRefused on 401/403.
 */
export async function eraseOwnProfile(token: string, id: number): Promise<'gone' | 'failed'> {
  try {
    const { response } = await api.DELETE('/api/profile/mine/{id}', { params: { path: { id } }, headers: memberAuthorization(token) });
    if (response.status === 401 || response.status === 403) throw new MemberRefused();
    return response.ok || response.status === 404 ? 'gone' : 'failed';
  } catch (error) {
    if (error instanceof MemberRefused) throw error;
    console.error('Erasing the profile failed', error);
    return 'failed';
  }
}

// ---------------------------------------------------------------------------------------------
// Matches (member token)

/** The matches page's filters; an empty text means "any". */
export type MatchFilters = { gender: string; age_min: string; age_max: string; location: string; education: string; q: string };

export type MatchesPage = { items: PublicProfile[]; total: number };

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
