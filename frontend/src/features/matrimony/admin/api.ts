/**
 * The administrator's calls for the matrimonial profiles (issue 9 contract): the list with its
 * search, status filter and exports through the shared table helpers; delete, publish to the
 * matches gallery and take back through the generated client; and the edit, a multipart PUT
 * sent with XMLHttpRequest because fetch reports no upload progress (a new photo or
 * janmapatrika can be several megabytes on a slow connection).
 */
import { listLoader, rowDeleter } from '@/components/ui/AdminTableApi';
import { adminRefused, api, getAdminToken, type ApiError, type DownloadPath, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';
import { profileFields, type ProfileValues } from './fields';

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
export type SaveOutcome = { ok: true; profile: AdminProfile } | { ok: false; status: number; error?: ApiError };

const editPath = '/api/profile/profiles/{id}' satisfies keyof paths;

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUT /api/profile/profiles/{id} with every text field and the optional new `profile_photo` and
 * `janmapatrika`, with the administrator's token. `onProgress` receives the share of the body
 * sent (0..1). A refused token (401/403) drops it and sends the administrator to /login, as the
 * generated client does.
 */
export function saveProfile(id: number, values: ProfileValues, files: ProfileFiles, onProgress: (sent: number) => void): Promise<SaveOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const field of profileFields) form.append(field, values[field]);
    if (files.photo) form.append('profile_photo', files.photo, files.photo.name);
    if (files.janmapatrika) form.append('janmapatrika', files.janmapatrika, files.janmapatrika.name);

    const xhr = new XMLHttpRequest();
    xhr.open('PUT', editPath.replace('{id}', String(id)));
    const token = getAdminToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        resolve({ ok: true, profile: body as AdminProfile });
        return;
      }
      if ((xhr.status === 401 || xhr.status === 403) && token) adminRefused();
      resolve({ ok: false, status: xhr.status, error: body && typeof body === 'object' ? (body as ApiError) : undefined });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0 });
    xhr.onabort = () => resolve({ ok: false, status: 0 });
    xhr.send(form);
  });
}

/** The text fields of a stored profile, as the editor starts them. */
export function valuesOf(profile: AdminProfile): ProfileValues {
  const record = profile as unknown as Record<string, unknown>;
  return Object.fromEntries(profileFields.map((field) => [field, record[field] == null ? '' : String(record[field])])) as ProfileValues;
}

/** The moment the first of the page's signed links stops working (ms since the epoch), if any. */
export function firstExpiry(profiles: AdminProfile[]): number | null {
  const times = profiles
    .flatMap((profile) => [profile.photo, profile.photo_thumb, profile.biodata])
    .flatMap((file) => (file ? [Date.parse(file.expires_at)] : []))
    .filter((time) => Number.isFinite(time));
  return times.length > 0 ? Math.min(...times) : null;
}
