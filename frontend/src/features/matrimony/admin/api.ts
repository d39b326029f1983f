/**
 * The administrator's calls for the matrimonial profiles (the server's contract, openapi.json): the list with its
 * search, status filter and exports through the shared table helpers; delete, publish to the
 * matches gallery and take back through the generated client; and the edit, a multipart PUT
 * sent with its progress (lib/upload.ts: a new photo or janmapatrika can be several megabytes
 * on a slow connection).
 */
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, formCall, type DownloadPath, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';
import { adminUpload, type UploadOutcome } from '@/lib/upload';
import { PROFILE_FIELDS, profileValues, type ProfileValues } from '../fields';

export type AdminProfile = Schemas['AdminProfile'];
export type SignedFile = Schemas['SignedFile'];
export type ProfileStatus = Schemas['ProfileStatus'];

export const loadProfiles = listLoader('/api/profile/profiles');
export const deleteProfile = rowDeleter('/api/profile/profiles/{id}');

export const profileExports: { excel: DownloadPath; pdf: DownloadPath } = {
  excel: '/api/profile/profiles/export/excel',
  pdf: '/api/profile/profiles/export/pdf',
};

const serverError = { error: 'Internal server error' };

/** The changed profile, or the server's error body thrown. */
async function changed(call: Promise<{ data?: AdminProfile; error?: unknown; response: Response }>): Promise<AdminProfile> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw error ?? serverError;
  return data;
}

/** POST /api/profile/upload-profile/{id}: the profile appears in the members' matches gallery. */
export const publishProfile = (id: number) => changed(api.POST('/api/profile/upload-profile/{id}', { params: { path: { id } } }));

/** DELETE /api/profile/upload-profile/{id}: back to pending, out of the gallery. */
export const withdrawProfile = (id: number) => changed(api.DELETE('/api/profile/upload-profile/{id}', { params: { path: { id } } }));

/** The replacement files of an edit; a file left out keeps the stored one. */
export type ProfileFiles = { photo?: File; janmapatrika?: File };

/** The end of an edit: the saved profile, or the status (0: no answer) and the error body. */
export type SaveOutcome = UploadOutcome<AdminProfile>;

const editPath = '/api/profile/profiles/{id}' satisfies keyof paths;

/**
 * PUT /api/profile/profiles/{id} with every text field and the optional new `profile_photo` and
 * `janmapatrika`, with the administrator's token. `onProgress` receives the share of the body
 * sent (0..1).
 */
export async function saveProfile(id: number, values: ProfileValues, files: ProfileFiles, onProgress: (sent: number) => void): Promise<SaveOutcome> {
  const form = new FormData();
  for (const field of PROFILE_FIELDS) form.append(field, values[field]);
  if (files.photo) form.append('profile_photo', files.photo, files.photo.name);
  if (files.janmapatrika) form.append('janmapatrika', files.janmapatrika, files.janmapatrika.name);
  const outcome = await adminUpload({ method: 'PUT', path: editPath.replace('{id}', String(id)), form, onProgress });
  if (!outcome.ok) return outcome;
  // A success without the profile cannot refresh the row: shown as a failed save.
  return outcome.data && typeof outcome.data === 'object' ? { ...outcome, data: outcome.data as AdminProfile } : { ok: false, status: outcome.status };
}

/** The text fields of a stored profile, as the editor starts them. */
export const valuesOf = (profile: AdminProfile): ProfileValues => profileValues(profile);

/** The moment the first of the page's signed links stops working (ms since the epoch), if any. */
export function firstExpiry(profiles: AdminProfile[]): number | null {
  const times = profiles
    .flatMap((profile) => [profile.photo, profile.photo_thumb, profile.biodata])
    .flatMap((file) => (file ? [Date.parse(file.expires_at)] : []))
    .filter((time) => Number.isFinite(time));
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * POST /api/admin/members/{id}/password (owners): a new password for the member account that a
 * profile belongs to (`account_id`), for a member who cannot receive the e-mailed link. 200
 * `{message}`; 404 for an account that no longer exists; 422 under `password`.
 */
export const resetMemberPassword = (accountId: number, password: string) =>
  formCall(() => api.POST('/api/admin/members/{id}/password', { params: { path: { id: accountId } }, body: { password } }));
