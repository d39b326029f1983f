/**
 * The page of a plain administrator list, drawn from its declaration (`adminList(…)`, in
 * adminListSpec.ts, which the route table reads without loading this page): the
 * section's title and a sentence under it, the declared filters (choices above the table, sent
 * under their query names), the declared columns with search and sort, delete
 * with a confirmation that shows the row, and the Excel and PDF exports. The list's API path
 * gives every call: `GET {api}`, `DELETE {api}/{id}`, `{api}/export/excel` and `/export/pdf`
 * (the routes the server's `admin_list_routes!` writes). A list that does more (edits,
 * a form beside it) has a page of its own around AdminTable.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listLoader, rowDeleter, type AdminListLoader, type DeletePath, type ListPath } from '@/lib/adminList';
import type { DownloadPath } from '@/lib/api';
import { useLanguage } from '@/lib/useLanguage';
import { SelectField } from '@/components/ui/TextField';
import { AdminPage } from './AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from './AdminTable';
import type { AdminListSpec } from './adminListSpec';
import styles from './AdminListPage.module.css';

export { adminList, type AdminListSpec } from './adminListSpec';

type Row = { id: number } & Record<string, unknown>;

export function AdminListPage({ title, list }: { title: string; list: AdminListSpec }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, fields } = list;
  const [filters, setFilters] = useState<Record<string, string>>({});
  // The table wants stable calls: one loader and one deleter per list.
  const calls = useMemo(
    () => ({
      load: listLoader(api as ListPath) as unknown as AdminListLoader<Row>,
      remove: rowDeleter(`${api}/{id}` as DeletePath),
    }),
    [api],
  );
  const shown = (row: Row, field: AdminListSpec['fields'][number]) => {
    const value = row[field.key];
    if (field.date) return formatAdminDate(value as string | null, lang);
    const label = typeof value === 'string' ? field.labels?.[value] : undefined;
    return label ? t(label) : String(value ?? '');
  };
  const columns: Array<AdminColumn<Row>> = fields.map((field) => ({
    key: field.key,
    header: t(field.header),
    cell: (row) => shown(row, field),
    nowrap: field.date,
    sortable: field.sortable,
  }));
  const [first, ...rest] = fields;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <AdminPage title={t(title)} intro={t(list.intro)}>
      {list.filters?.length ? (
        <div className={styles.filters}>
          {list.filters.map((filter) => (
            <SelectField
              key={filter.name}
              label={t(filter.label)}
              value={filters[filter.name] ?? ''}
              onChange={(event) => setFilters((current) => ({ ...current, [filter.name]: event.target.value }))}
              options={[{ value: '', label: t('All') }, ...filter.options.map((option) => ({ value: option.value, label: t(option.label) }))]}
            />
          ))}
        </div>
      ) : null}
      <AdminTable
        label={t(title)}
        columns={columns}
        load={calls.load}
        filters={filters}
        onDelete={(row) => calls.remove(row.id)}
        deleteConfirmation={t(list.deleteConfirmation)}
        describe={(row) => [shown(row, first), ...rest.map((field) => `${t(field.header)}: ${shown(row, field)}`)]}
        exports={{ excel: `${api}/export/excel` as DownloadPath, pdf: `${api}/export/pdf` as DownloadPath }}
        emptyMessage={filtered ? t('No entries match the filters.') : t('No data available')}
        rowLabel={(row) => shown(row, first)}
        defaultSort={list.defaultSort ?? '-created_at'}
      />
    </AdminPage>
  );
}
