/** The administrator's sign-in calls (no token yet), through the generated client. */
import { api } from '@/lib/api';
import type { Schemas } from '@/lib/api';

export type AdminCredentials = Schemas['AdminCredentials'];

/** Whether the first administrator can still be created without signing in. */
export async function fetchRegistrationOpen(): Promise<boolean | null> {
  try {
    const { data } = await api.GET('/api/admin/setup');
    return data ? Boolean(data.registration_open) : null;
  } catch {
    return null;
  }
}

export function loginAdmin(body: AdminCredentials) {
  return api.POST('/api/admin/login', { body });
}

export function registerAdmin(body: AdminCredentials) {
  return api.POST('/api/admin/register', { body });
}
