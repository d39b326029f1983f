/** The notifications administrator page's server calls (list and delete through the shared table helpers). */
import { listLoader, rowDeleter } from '@/lib/adminList';

/** GET /notifications: the public list, newest first, with q/page/per_page and X-Total-Count. */
export const loadNotifications = listLoader('/notifications');
/** DELETE /notifications/{id} (administrator). */
export const deleteNotification = rowDeleter('/notifications/{id}');
