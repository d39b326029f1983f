/**
 * The site content editor's server calls (docs/DESIGN.md §12), through the one client of
 * lib/api.ts (its administrator token and its handling of 401 and 403): the draft, saving it
 * with its revision, publishing, the published versions and bringing one back, and the upload
 * of a slide's or a sponsor's image (multipart part `file`, with its progress).
 */
import { api, formCall, type FormOutcome } from '@/lib/api';
import { adminUpload, type UploadOutcome } from '@/lib/upload';
import type { SiteContent } from '@bindings/SiteContent';
import type { SiteDraft, SiteVersion } from '@bindings/SiteDraft';

export type { SiteContent, SiteDraft, SiteVersion };

const siteApi = api;

/** The draft as the editor starts from it. Throws the server's error body on failure. */
export async function loadDraft(signal?: AbortSignal): Promise<SiteDraft> {
  const { data, error, response } = await siteApi.GET('/api/admin/site', { signal });
  if (!response.ok || !data) throw error ?? { error: 'Internal server error' };
  return data;
}

/** Replaces the draft: 200 with revision + 1; 409 when `revision` is stale; 422 with content paths. */
export function saveDraft(revision: number, content: SiteContent): Promise<FormOutcome<SiteDraft>> {
  return formCall(() => siteApi.PUT('/api/admin/site', { body: { revision, content } }));
}

/** The draft of `revision` becomes what visitors see; 409 when the revision is stale. */
export function publishDraft(revision: number): Promise<FormOutcome<SiteVersion>> {
  return formCall(() => siteApi.POST('/api/admin/site/publish', { body: { revision } }));
}

/** The published versions, newest first. Throws the server's error body on failure. */
export async function loadVersions(signal?: AbortSignal): Promise<SiteVersion[]> {
  const { data, error, response } = await siteApi.GET('/api/admin/site/versions', { signal });
  if (!response.ok || !data) throw error ?? { error: 'Internal server error' };
  return data;
}

/** An earlier version becomes the draft again (not yet published); 409 when `revision` is stale. */
export function restoreVersion(id: number, revision: number): Promise<FormOutcome<SiteDraft>> {
  return formCall(() => siteApi.POST('/api/admin/site/versions/{id}/restore', { params: { path: { id } }, body: { revision } }));
}

/** An uploaded image's address, to put in the content. */
export type SiteImageOutcome = UploadOutcome<{ url: string }>;

/** POST /api/admin/site/images with one image; `onProgress` receives the share sent (0..1). */
export async function uploadSiteImage(file: File, onProgress: (sent: number) => void): Promise<SiteImageOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  const outcome = await adminUpload({ method: 'POST', path: '/api/admin/site/images', form, onProgress });
  if (!outcome.ok) return outcome;
  const url = (outcome.data as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' ? { ...outcome, data: { url } } : { ok: false, status: outcome.status };
}
