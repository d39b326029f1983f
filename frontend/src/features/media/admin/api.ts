/**
 * The media dashboard's server calls: the administrator list, delete and exports of one kind
 * (events, gallery, magazines, career) through the shared table helpers, the upload of one
 * file with its progress (lib/upload.ts), an image's correction and its move up or down.
 */
import type { AdminListLoader } from '@/components/admin/AdminTable';
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, type DownloadPath, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';
import { adminUpload, type UploadOutcome } from '@/lib/upload';
import type { MediaKind } from '@bindings/MediaKind';

export type { MediaKind };
export type MediaItem = Schemas['MediaItem'];

/** The list and upload path of each kind (GET and POST share it). */
const listPaths = {
  events: '/api/events',
  gallery: '/api/gallery',
  magazines: '/api/magazines',
  career: '/api/career',
} as const satisfies Record<MediaKind, keyof paths>;

/** One stable loader per kind (the table reloads when its loader changes). */
export const mediaLoaders: Record<MediaKind, AdminListLoader<MediaItem>> = {
  events: listLoader('/api/events'),
  gallery: listLoader('/api/gallery'),
  magazines: listLoader('/api/magazines'),
  career: listLoader('/api/career'),
};

const deleters: Record<MediaKind, (id: number) => Promise<void>> = {
  events: rowDeleter('/api/events/{id}'),
  gallery: rowDeleter('/api/gallery/{id}'),
  magazines: rowDeleter('/api/magazines/{id}'),
  career: rowDeleter('/api/career/{id}'),
};

/** DELETE /api/{kind}/{id} (administrator); throws the server's error body on failure. */
export const deleteMedia = (kind: MediaKind, id: number) => deleters[kind](id);

export const mediaExports: Record<MediaKind, { excel: DownloadPath; pdf: DownloadPath }> = {
  events: { excel: '/api/events/export/excel', pdf: '/api/events/export/pdf' },
  gallery: { excel: '/api/gallery/export/excel', pdf: '/api/gallery/export/pdf' },
  magazines: { excel: '/api/magazines/export/excel', pdf: '/api/magazines/export/pdf' },
  career: { excel: '/api/career/export/excel', pdf: '/api/career/export/pdf' },
};

/** What an administrator corrects: the description, and in the gallery the month it belongs to. */
export type MediaEdit = Schemas['MediaEdit'];
export type MoveDirection = Schemas['MediaMove']['direction'];

/** PUT /api/{kind}/{id} (administrator): the image as changed, or the server's error. */
export function editMedia(kind: MediaKind, id: number, body: MediaEdit) {
  const params = { path: { id } };
  switch (kind) {
    case 'events':
      return api.PUT('/api/events/{id}', { params, body });
    case 'gallery':
      return api.PUT('/api/gallery/{id}', { params, body });
    case 'magazines':
      return api.PUT('/api/magazines/{id}', { params, body });
    case 'career':
      return api.PUT('/api/career/{id}', { params, body });
  }
}

/** POST /api/{kind}/{id}/move (administrator): one place up or down (the gallery's within its month); 204. */
export function moveMedia(kind: MediaKind, id: number, direction: MoveDirection) {
  const params = { path: { id } };
  const body = { direction };
  switch (kind) {
    case 'events':
      return api.POST('/api/events/{id}/move', { params, body });
    case 'gallery':
      return api.POST('/api/gallery/{id}/move', { params, body });
    case 'magazines':
      return api.POST('/api/magazines/{id}/move', { params, body });
    case 'career':
      return api.POST('/api/career/{id}/move', { params, body });
  }
}

export type UploadFields = { description?: string; year?: number; month?: number };

/** The end of one upload: the created items, or the status (0: no answer) and error body. */
export type MediaUploadOutcome = UploadOutcome<MediaItem[]>;

/**
 * POST /api/{kind} with one file (multipart part `image`) and the optional text fields, with the
 * administrator's token. `onProgress` receives the share of the body sent (0..1).
 */
export async function uploadMedia(
  kind: MediaKind,
  file: File,
  fields: UploadFields,
  onProgress: (sent: number) => void,
): Promise<MediaUploadOutcome> {
  const form = new FormData();
  if (fields.description) form.append('description', fields.description);
  if (fields.year !== undefined) form.append('year', String(fields.year));
  if (fields.month !== undefined) form.append('month', String(fields.month));
  form.append('image', file, file.name);
  const outcome = await adminUpload({ method: 'POST', path: listPaths[kind], form, onProgress });
  return outcome.ok ? { ...outcome, data: Array.isArray(outcome.data) ? (outcome.data as MediaItem[]) : [] } : outcome;
}
