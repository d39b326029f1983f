/** The signed-in administrator's own account calls, through the generated client. */
import { api, type Schemas } from '@/lib/api';

export type PasswordChange = Schemas['PasswordChange'];

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
