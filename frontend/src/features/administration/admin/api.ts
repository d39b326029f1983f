/**
 * The owners' calls (docs/DESIGN.md §10, §11), through the generated client: the administrators
 * and their roles, and the audit log with its exports.
 */
import { api, formCall, type Schemas } from '@/lib/api';
import { listLoader } from '@/lib/adminList';
import type { Role } from '@/config/adminSections';

export type AdminAccount = Schemas['AdminAccount'];
export type AuditEntry = Schemas['AuditEntry'];

/** Every administrator, oldest first. Throws the server's error body on failure. */
export async function listAdministrators(signal?: AbortSignal): Promise<AdminAccount[]> {
  const { data, error, response } = await api.GET('/api/admin/users', { signal });
  if (!response.ok || !data) throw error ?? { error: 'Internal server error' };
  return data;
}

/** Adds an administrator: 201 with the account; 409 a taken e-mail; 422 per field. */
export function addAdministrator(body: { email: string; password: string; roles: Role[] }) {
  return formCall(() => api.POST('/api/admin/users', { body }));
}

/** New roles for an administrator: 409 when it would leave no owner. */
export function changeRoles(id: number, roles: Role[]) {
  return formCall(() => api.PUT('/api/admin/users/{id}', { params: { path: { id } }, body: { roles } }));
}

/** Removes an administrator (their tokens stop working at once): 409 for the last owner. */
export async function removeAdministrator(id: number): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  try {
    const { error, response } = await api.DELETE('/api/admin/users/{id}', { params: { path: { id } } });
    if (response.ok) return { ok: true };
    const message = error && typeof error === 'object' && 'error' in error ? String((error as { error: unknown }).error ?? '') : '';
    return { ok: false, status: response.status, error: message };
  } catch (error) {
    console.error('Removing the administrator failed', error);
    return { ok: false, status: 0, error: '' };
  }
}

/** A new password for an administrator, to be changed at their next sign-in. */
export function resetPassword(id: number, password: string) {
  return formCall(() => api.POST('/api/admin/users/{id}/password', { params: { path: { id } }, body: { password } }));
}

/** The audit log, newest first, by page, with the filters. */
export const auditLoader = listLoader('/api/admin/audit');

export const auditExports = { excel: '/api/admin/audit/export/excel', pdf: '/api/admin/audit/export/pdf' } as const;
