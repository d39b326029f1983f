/**
 * The page of a plain administrator list, drawn from its declaration (`adminList(…)`): the
 * section's title and a sentence under it, the declared columns with search and sort, delete
 * with a confirmation that shows the row, and the Excel and PDF exports. The list's API path
 * gives every call: `GET {api}`, `DELETE {api}/{id}`, `{api}/export/excel` and `/export/pdf`
 * (the routes the server's `admin_list_routes!` writes). A list that does more (filters, edits,
 * a form beside it) has a page of its own around AdminTable.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listLoader, rowDeleter, type AdminListLoader, type DeletePath, type ListPath, type ListRow } from '@/lib/adminList';
import type { DownloadPath } from '@/lib/api';
import { useLanguage } from '@/lib/useLanguage';
import { AdminPage } from './AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from './AdminTable';

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

type Row = { id: number } & Record<string, unknown>;

export function AdminListPage({ title, list }: { title: string; list: AdminListSpec }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, fields } = list;
  // The table wants stable calls: one loader and one deleter per list.
  const calls = useMemo(
    () => ({
      load: listLoader(api as ListPath) as unknown as AdminListLoader<Row>,
      remove: rowDeleter(`${api}/{id}` as DeletePath),
    }),
    [api],
  );
  const shown = (row: Row, field: AdminListSpec['fields'][number]) =>
    field.date ? formatAdminDate(row[field.key] as string | null, lang) : String(row[field.key] ?? '');
  const columns: Array<AdminColumn<Row>> = fields.map((field) => ({
    key: field.key,
    header: t(field.header),
    cell: (row) => shown(row, field),
    nowrap: field.date,
    sortable: field.sortable,
  }));
  const [first, ...rest] = fields;
  return (
    <AdminPage title={t(title)} intro={t(list.intro)}>
      <AdminTable
        label={t(title)}
        columns={columns}
        load={calls.load}
        onDelete={(row) => calls.remove(row.id)}
        deleteConfirmation={t(list.deleteConfirmation)}
        describe={(row) => [shown(row, first), ...rest.map((field) => `${t(field.header)}: ${shown(row, field)}`)]}
        exports={{ excel: `${api}/export/excel` as DownloadPath, pdf: `${api}/export/pdf` as DownloadPath }}
        emptyMessage={t('No data available')}
        rowLabel={(row) => shown(row, first)}
        defaultSort={list.defaultSort ?? '-created_at'}
      />
    </AdminPage>
  );
}
