/** The administrator's sign-in and account calls, through the generated client. */
import { api } from '@/lib/api';
import type { Schemas } from '@/lib/api';

export type AdminCredentials = Schemas['AdminCredentials'];
export type PasswordChange = Schemas['PasswordChange'];

/** Whether the first administrator can still be created without signing in. */
export async function fetchRegistrationOpen(): Promise<boolean | null> {
  try {
    const { data } = await api.GET('/api/admin/setup');
    return data ? Boolean(data.registration_open) : null;
  } catch {
    return null;
  }
}

/**
 * What the server says of the stored token: `valid`, `refused` (401/403: it expired, or the
 * administrator signed out everywhere) or `invalid` (any other answer).
 */
export async function verifyAdmin(signal?: AbortSignal): Promise<'valid' | 'refused' | 'invalid'> {
  const { data, response } = await api.GET('/api/admin/verify', { signal });
  if (response.status === 401 || response.status === 403) return 'refused';
  return response.ok && data?.valid === true ? 'valid' : 'invalid';
}

export function loginAdmin(body: AdminCredentials) {
  return api.POST('/api/admin/login', { body });
}

export function registerAdmin(body: AdminCredentials) {
  return api.POST('/api/admin/register', { body });
}

/**
 * Changes the signed-in administrator's password. On 200 the answer carries a new token: every
 * older token of this administrator (this one and other devices') stops working.
 */
export function changeAdminPassword(body: PasswordChange) {
  return api.PUT('/api/admin/password', { body });
}

/** Sign out everywhere: every token of this administrator, the current one included, stops working. */
export function signOutEverywhere() {
  return api.POST('/api/admin/logout-all');
}
