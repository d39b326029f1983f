/** The contacts administrator page's server calls. */
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, type Schemas } from '@/lib/api';

/** GET /api/contacts (administrator): q/page/per_page, total in X-Total-Count. */
export const loadContacts = listLoader('/api/contacts');
/** DELETE /api/contacts/{id} (administrator). */
export const deleteContact = rowDeleter('/api/contacts/{id}');

/** PUT /api/contacts/{id} (administrator). */
export function updateContact(id: number, body: Schemas['ContactInput']) {
  return api.PUT('/api/contacts/{id}', { params: { path: { id } }, body });
}
