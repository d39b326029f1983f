/**
 * The audit log's sections and actions as the dashboard names them (i18n keys, English). A
 * section (`entity`) is the OpenAPI tag of the route the change was made on; the booking
 * kinds' lists take their titles from the server's table (bindings/bookingKinds.ts). A value
 * the server adds later, and this table does not know yet, is shown as the server names it.
 */
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import { i18nKey } from '@/lib/text';

/** Sections, in the dashboard's order; a section's label. */
export const auditSections: Array<{ value: string; label: string; exports?: boolean }> = [
  { value: 'admin', label: i18nKey('Sign-in and own account') },
  { value: 'administrators', label: i18nKey('Administrators') },
  { value: 'contacts', label: i18nKey('Contacts') },
  { value: 'notifications', label: i18nKey('Notifications') },
  { value: 'subscribers', label: i18nKey('Subscribers') },
  { value: 'updates', label: i18nKey('Updates by e-mail') },
  { value: 'mail', label: i18nKey('Send log') },
  { value: 'events', label: i18nKey('Events') },
  { value: 'gallery', label: i18nKey('Gallery') },
  { value: 'magazines', label: i18nKey('Magazines') },
  { value: 'career', label: i18nKey('Employment') },
  { value: 'profiles', label: i18nKey('Matrimonial Profiles') },
  ...bookingKindList.map((kind) => ({ value: bookingKindFacts[kind].stem, label: bookingKindFacts[kind].listTitle })),
  // Two kinds' exports also answer at the specification's own paths, under a tag of their own.
  ...bookingKindList
    .filter((kind) => kind === 'poshavvadevi' || kind === 'shitaladevi')
    .map((kind) => ({ value: `${bookingKindFacts[kind].stem}-files`, label: bookingKindFacts[kind].listTitle, exports: true })),
  { value: 'booking-capacity', label: i18nKey('Capacity and closed dates') },
  { value: 'families', label: i18nKey('Family Details') },
  { value: 'audit', label: i18nKey('Audit log') },
  { value: 'backup', label: i18nKey('Backups') },
];

export const auditActions: Array<{ value: string; label: string }> = [
  { value: 'create', label: i18nKey('Added') },
  { value: 'update', label: i18nKey('Changed') },
  { value: 'delete', label: i18nKey('Deleted') },
  { value: 'upload', label: i18nKey('Uploaded') },
  { value: 'cancel', label: i18nKey('Cancelled') },
  { value: 'publish', label: i18nKey('Published') },
  { value: 'withdraw', label: i18nKey('Withdrawn') },
  { value: 'export', label: i18nKey('Exported') },
  { value: 'sign_in', label: i18nKey('Signed in') },
  { value: 'sign_in_failed', label: i18nKey('Sign-in failed') },
  { value: 'sign_out_everywhere', label: i18nKey('Signed out everywhere') },
  { value: 'password_change', label: i18nKey('Password changed') },
  { value: 'password_reset', label: i18nKey('Password reset') },
  { value: 'role_change', label: i18nKey('Roles changed') },
  { value: 'backup', label: i18nKey('Backup') },
  { value: 'restore', label: i18nKey('Restore') },
  { value: 'send', label: i18nKey('Sent') },
];

/** The filters of the audit log, by the list's query names (docs/DESIGN.md §11). */
export type AuditFilters = { actor?: string; entity?: string; action?: string; from?: string; to?: string };

/** The filters as the list's query: trimmed, empty ones left out. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([name, value]) => {
      const text = typeof value === 'string' ? value.trim() : '';
      return text ? [[name, text]] : [];
    }),
  );
}

/** One field of a change: its name, and its value before and after (undefined: that side is absent). */
export type ChangeRow = { field: string; before?: unknown; after?: unknown; hasBefore: boolean; hasAfter: boolean };

/**
 * The changes of an entry (`{"before": {...}, "after": {...}}` as JSON text, either side
 * optional) as rows of fields, in the order they first appear; null when there is nothing.
 */
export function changeRows(changes: string | null | undefined): ChangeRow[] | null {
  if (!changes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const side = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
  const before = side((parsed as Record<string, unknown>).before);
  const after = side((parsed as Record<string, unknown>).after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return null;
  return fields.map((field) => ({
    field,
    before: before?.[field],
    after: after?.[field],
    hasBefore: before !== undefined && field in before,
    hasAfter: after !== undefined && field in after,
  }));
}

/** A value of a change as text: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
