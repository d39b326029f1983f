/** A page's outcome message (already translated): success is announced politely, errors as alerts. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;
