/** The administrator table's rows: headers with their sort buttons, the cells, each row's buttons. */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_ICON, columnClass, sortDirection, sortField, type AdminColumn } from './adminColumns';
import styles from './AdminTable.module.css';

type Props<T extends { id: number }> = {
  id: string;
  label: string;
  columns: Array<AdminColumn<T>>;
  rows: T[];
  busy: boolean;
  sort: string | undefined;
  onSort: (field: string) => void;
  /** Each row's buttons (Edit, Delete…); without it, no Actions column. */
  actions?: (row: T, index: number) => ReactNode;
  scrollerRef: Ref<HTMLDivElement>;
};

export function AdminTableRows<T extends { id: number }>({ id, label, columns, rows, busy, sort, onSort, actions, scrollerRef }: Props<T>) {
  const { t } = useTranslation();
  return (
    <div ref={scrollerRef} className={styles.scroller}>
      <table id={id} className={styles.table} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const field = sortField(column);
              const direction = sortDirection(field, sort);
              return (
                <th key={column.key} scope="col" className={columnClass(column)} aria-sort={direction}>
                  {field ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSort(field)}
                      title={t('Sort by {{column}}', { column: column.header })}
                    >
                      <span>{column.header}</span>
                      <span className={direction ? styles.sortIconActive : styles.sortIcon} aria-hidden="true">
                        {SORT_ICON[direction ?? 'none']}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {actions ? (
              <th scope="col" className={styles.actionsHead}>
                {t('Actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.header} className={columnClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
              {actions ? (
                <td className={styles.actions}>
                  <div className={styles.actionButtons}>{actions(row, index)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
