/** The subscribers administrator page's server calls. */
import { listLoader, rowDeleter } from '@/lib/adminList';

/** GET /api/subscribers (administrator): q/page/per_page, total in X-Total-Count. */
export const loadSubscribers = listLoader('/api/subscribers');
/** DELETE /api/subscribers/{id} (administrator). */
export const deleteSubscriber = rowDeleter('/api/subscribers/{id}');
