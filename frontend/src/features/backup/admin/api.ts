/**
 * The owners' backup calls (docs/DESIGN.md §13), through the one client of lib/api.ts (its
 * administrator token and its handling of 401 and 403): the schedule and the kept backups, a
 * fresh backup of the whole site, and one kept backup, each saved under the server's file name.
 */
import { api, saveDownload, type DownloadOutcome } from '@/lib/api';
import type { BackupStatus, KeptBackup, ScheduleInfo } from '@bindings/BackupStatus';

export type { BackupStatus, KeptBackup, ScheduleInfo };

/** The schedule (null: none is set) and the kept backups, oldest first. Throws the server's error body on failure. */
export async function loadBackups(signal?: AbortSignal): Promise<BackupStatus> {
  const { data, error, response } = await api.GET('/api/admin/backup', { signal });
  if (!response.ok || !data) throw error ?? { error: 'Internal server error' };
  return data;
}

/**
 * Takes a backup of the whole site now and saves it (seconds, or a minute or two on a large
 * site): 409 while another backup is being taken, 503 when the file storage is down.
 */
export function downloadFreshBackup(): Promise<DownloadOutcome> {
  return saveDownload(() => api.POST('/api/admin/backup', { parseAs: 'blob' }), 'samiti-backup.tar.gz');
}

/** Saves a backup the schedule kept, by the name the listing gave. */
export function downloadKeptBackup(name: string): Promise<DownloadOutcome> {
  return saveDownload(() => api.GET('/api/admin/backup/kept/{name}', { params: { path: { name } }, parseAs: 'blob' }), name);
}
