/**
 * A plain administrator list's declaration: what its page (AdminListPage) shows, checked
 * against the API's generated types. Apart from the page, so that the route table holds the
 * declarations and the page still loads only when a list is opened.
 */
import type { ListPath, ListRow } from '@/lib/adminList';

/** One column: a field of the list's rows, its header (an i18n key), and how it reads. */
export type AdminListField<Row> = {
  key: Extract<keyof Row, string>;
  header: string;
  /** A moment (RFC 3339), shown as a date and time in the page's language. */
  date?: boolean;
  sortable?: boolean;
  /** A field of a few values (a status): each value's words (i18n keys); others are shown as they are. */
  labels?: Readonly<Record<string, string>>;
};

/**
 * A choice the list is filtered by, above the table: its query name (what the server's list
 * takes, e.g. `status`), its label and its options (i18n keys). "All" comes first and sends none.
 */
export type AdminListFilter = {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/**
 * What a plain list's page shows, typed by its API path (the generated API types). `Row` is the
 * path's row type; a list whose server has gained fields the generated types do not have yet
 * names its rows' type itself (one that has every generated field) until `npm run gen:api`
 * catches up.
 */
export type AdminListDeclaration<P extends ListPath, Row extends ListRow<P> = ListRow<P>> = {
  /** The list's API path, e.g. '/api/subscribers'. */
  api: P;
  /** The sentence under the title (an i18n key). */
  intro: string;
  /** The columns; the first names the row (the delete button, the confirmation). */
  fields: Array<AdminListField<Row>>;
  /** Choices the list is filtered by, sent with the list and its exports. */
  filters?: AdminListFilter[];
  /** The delete confirmation's question (an i18n key). */
  deleteConfirmation: string;
  /** The server's order when none is chosen, shown on its column; default '-created_at'. */
  defaultSort?: string;
};

/** A declaration once checked against its path's row type. */
export type AdminListSpec = {
  api: string;
  intro: string;
  fields: Array<{ key: string; header: string; date?: boolean; sortable?: boolean; labels?: Readonly<Record<string, string>> }>;
  filters?: AdminListFilter[];
  deleteConfirmation: string;
  defaultSort?: string;
};

/** Checks a plain list's declaration against the API's types (its path, its rows' fields). */
export function adminList<P extends ListPath, Row extends ListRow<P> = ListRow<P>>(declaration: AdminListDeclaration<P, Row>): AdminListSpec {
  return declaration;
}
