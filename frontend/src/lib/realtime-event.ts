/**
 * TEMPORARY: the server's event type until `bindings/RealtimeEvent.ts` is committed; then this
 * file re-exports it.
 */
export type RealtimeEvent =
  | { type: 'notification_updated' }
  | { type: 'profileUploaded'; id: number }
  | { type: 'profileDeleted'; id: number };
