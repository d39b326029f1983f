/** The notifications administrator page's server calls (list and delete through the shared table helpers). */
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, type Schemas } from '@/lib/api';

/** A notification as administrators see it: both texts and the end date (docs/DESIGN.md §6). */
export type AdminNotification = Schemas['Notification'];
/** What an administrator writes: the English text, the Marathi one and the last day, both optional. */
export type NotificationBody = Schemas['NotificationInput'];

/**
 * GET /api/admin/notifications: every notification, those past their end date too, newest
 * first, with q/page/per_page/sort and X-Total-Count.
 */
export const loadNotifications = listLoader('/api/admin/notifications');
/** DELETE /notifications/{id} (administrator). */
export const deleteNotification = rowDeleter('/notifications/{id}');

/** POST /notifications, or PUT /notifications/{id} when `id` is given (administrator). */
export function saveNotification(id: number | null, body: NotificationBody) {
  return id === null ? api.POST('/notifications', { body }) : api.PUT('/notifications/{id}', { params: { path: { id } }, body });
}
