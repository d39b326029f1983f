/** The contacts administrator page's server calls. */
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, type Schemas } from '@/lib/api';

export type Contact = Schemas['Contact'];
/** What an administrator records of a message: handled or not, and a private note. */
export type ContactReview = Schemas['ContactReview'];

/** GET /api/contacts (administrator): q/page/per_page/sort and `handled`, total in X-Total-Count. */
export const loadContacts = listLoader('/api/contacts');
/** DELETE /api/contacts/{id} (administrator). */
export const deleteContact = rowDeleter('/api/contacts/{id}');

/** PUT /api/contacts/{id} (administrator): only the review; what the visitor wrote is never changed. */
export function reviewContact(id: number, body: ContactReview) {
  return api.PUT('/api/contacts/{id}', { params: { path: { id } }, body });
}
