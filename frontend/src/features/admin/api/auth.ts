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

/** True when the stored token is accepted by the server. */
export async function verifyAdmin(signal?: AbortSignal): Promise<boolean> {
  const { data, response } = await api.GET('/api/admin/verify', { signal });
  return response.ok && data?.valid === true;
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
