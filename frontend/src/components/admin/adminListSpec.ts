/**
 * A plain administrator list's declaration: what its page (AdminListPage) shows, checked
 * against the API's generated types. Apart from the page, so that the route table holds the
 * declarations and the page still loads only when a list is opened.
 */
import type { ListPath, ListRow } from '@/lib/adminList';

/** One column: a field of the list's rows, its header (an i18n key), and how it reads. */
export type AdminListField<P extends ListPath> = {
  key: Extract<keyof ListRow<P>, string>;
  header: string;
  /** A moment (RFC 3339), shown as a date and time in the page's language. */
  date?: boolean;
  sortable?: boolean;
};

/** What a plain list's page shows, typed by its API path (the generated API types). */
export type AdminListDeclaration<P extends ListPath> = {
  /** The list's API path, e.g. '/api/subscribers'. */
  api: P;
  /** The sentence under the title (an i18n key). */
  intro: string;
  /** The columns; the first names the row (the delete button, the confirmation). */
  fields: Array<AdminListField<P>>;
  /** The delete confirmation's question (an i18n key). */
  deleteConfirmation: string;
  /** The server's order when none is chosen, shown on its column; default '-created_at'. */
  defaultSort?: string;
};

/** A declaration once checked against its path's row type. */
export type AdminListSpec = {
  api: string;
  intro: string;
  fields: Array<{ key: string; header: string; date?: boolean; sortable?: boolean }>;
  deleteConfirmation: string;
  defaultSort?: string;
};

/** Checks a plain list's declaration against the API's types (its path, its rows' fields). */
export function adminList<P extends ListPath>(declaration: AdminListDeclaration<P>): AdminListSpec {
  return declaration;
}
