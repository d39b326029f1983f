/**
 * The page of a plain administrator list, drawn from its declaration (`adminList(…)`, in
 * adminListSpec.ts, which the route table reads without loading this page): the
 * section's title and a sentence under it, the declared columns with search and sort, delete
 * with a confirmation that shows the row, and the Excel and PDF exports. The list's API path
 * gives every call: `GET {api}`, `DELETE {api}/{id}`, `{api}/export/excel` and `/export/pdf`
 * (the routes the server's `admin_list_routes!` writes). A list that does more (filters, edits,
 * a form beside it) has a page of its own around AdminTable.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listLoader, rowDeleter, type AdminListLoader, type DeletePath, type ListPath } from '@/lib/adminList';
import type { DownloadPath } from '@/lib/api';
import { useLanguage } from '@/lib/useLanguage';
import { AdminPage } from './AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from './AdminTable';
import type { AdminListSpec } from './adminListSpec';

export { adminList, type AdminListSpec } from './adminListSpec';

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
