/**
 * The media dashboard's server calls: the administrator list, delete and exports of one kind
 * (events, gallery, magazines, career) through the shared table helpers, and the upload of one
 * file with XMLHttpRequest, because fetch reports no upload progress.
 */
import type { AdminListLoader } from '@/components/ui/AdminTable';
import { listLoader, rowDeleter } from '@/components/ui/AdminTableApi';
import { adminRefused, getAdminToken, type ApiError, type DownloadPath, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';
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

export type UploadFields = { description?: string; year?: number; month?: number };

/** The end of one upload: the created items, or the status (0: no answer) and error body. */
export type UploadOutcome = { ok: true; items: MediaItem[] } | { ok: false; status: number; error?: ApiError };

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/{kind} with one file (multipart part `image`) and the optional text fields, with the
 * administrator's token. `onProgress` receives the share of the body sent (0..1). A refused token
 * (401/403) drops it and sends the administrator to /login, as the generated client does.
 */
export function uploadMedia(
  kind: MediaKind,
  file: File,
  fields: UploadFields,
  onProgress: (sent: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    if (fields.description) form.append('description', fields.description);
    if (fields.year !== undefined) form.append('year', String(fields.year));
    if (fields.month !== undefined) form.append('month', String(fields.month));
    form.append('image', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', listPaths[kind]);
    const token = getAdminToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, items: Array.isArray(body) ? (body as MediaItem[]) : [] });
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
