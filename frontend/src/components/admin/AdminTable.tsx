/**
 * The one administrator list (docs/DESIGN.md §1: the admin lists share one implementation): a search
 * box (debounced, sent as `q`), sortable columns (sent as `sort`), the page's own filters (sent
 * under their names), the rows, paging by `X-Total-Count`, delete with a confirmation, Excel /
 * PDF export of the list as filtered and sorted on screen, and loading, empty and error states.
 * Where the table fits it is a table; where it does not (a phone, or a tablet with the sidebar
 * open) every row becomes a card with its labels, so the row's buttons are always on screen.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminListFilters, AdminListLoader } from '@/lib/adminList';
import { downloadFile, errorText, type DownloadPath } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import type { Notice } from '@/lib/notice';
import { i18nKey } from '@/lib/text';
import { useExport, type ExportFormat } from '@/lib/useExport';
import { useLanguage } from '@/lib/useLanguage';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { sortField, type AdminColumn } from './adminColumns';
import { AdminTablePager } from './AdminTablePager';
import { AdminTableRows } from './AdminTableRows';
import { AdminTableToolbar } from './AdminTableToolbar';
import { useAdminList } from './useAdminList';
import { useTableFits } from './useTableFits';
import styles from './AdminTable.module.css';

export type { AdminColumn } from './adminColumns';
export type { AdminListFilters, AdminListLoader, AdminListPage, AdminListQuery } from '@/lib/adminList';

export type AdminTableProps<T extends { id: number }> = {
  /** Accessible name of the table (already translated), e.g. t('Contacts'). */
  label: string;
  columns: Array<AdminColumn<T>>;
  /** Fetches one page; keep it stable (module constant or useCallback). */
  load: AdminListLoader<T>;
  /** Deletes a row; the table asks `deleteConfirmation` first. Without it, no Delete button. */
  onDelete?: (row: T) => Promise<void>;
  /** The page's confirmation question (already translated), or one that names the row. */
  deleteConfirmation?: string | ((row: T) => string);
  /**
   * What the delete confirmation shows of the row under its question, so that the
   * administrator sees which record goes: its name, e-mail, date… (already formatted; empty
   * values are left out). Without it the row's `rowLabel` is shown.
   */
  describe?: (row: T) => Array<string | null | undefined>;
  /**
   * The page's filters outside the table (a date range, a status), by query name: sent with
   * every list request and every export, empty values left out. A change goes back to page 1.
   */
  filters?: AdminListFilters;
  /** Export paths; each gives a button. The current search, sort and filters travel along. */
  exports?: { excel?: DownloadPath; pdf?: DownloadPath };
  /** Shown when the list is empty (already translated); default "No data available". */
  emptyMessage?: string;
  /** Shown when a search finds nothing (already translated); default "No results match your search." */
  noMatchMessage?: string;
  /**
   * Extra buttons per row, before Delete (e.g. Edit). `place` says where the row stands, for
   * buttons that move it (an image list's Move up / Move down).
   */
  rowActions?: (row: T, place: AdminRowPlace<T>) => ReactNode;
  /** A short description of a row for the buttons' accessible names, e.g. the name. */
  rowLabel?: (row: T) => string;
  /** Called after a row was deleted. */
  onDeleted?: (row: T) => void;
  /** The page's own message after a delete (already translated); default "Deleted successfully." */
  deletedMessage?: string;
  /**
   * The page's own message when a delete fails (already translated), given the server's
   * message translated, or `undefined` when the server gave none.
   */
  deleteFailedMessage?: (serverMessage: string | undefined) => string;
  perPage?: number;
  /** Change it to reload the current page (after an add or an edit). */
  reloadKey?: unknown;
  /** Delay between the last keystroke and the search request. */
  searchDelayMs?: number;
  /** The server's order when no `sort` is sent (e.g. '-created_at'), shown on its column. */
  defaultSort?: string;
};

/** Where a row stands in the list as shown: its neighbours on this page, the page, the search and the order. */
export type AdminRowPlace<T> = {
  /** The row before it on this page (none on the page's first row). */
  previous?: T;
  /** The row after it on this page (none on the page's last row). */
  next?: T;
  /** The first row of the first page. */
  first: boolean;
  /** The last row of the last page. */
  last: boolean;
  /** A search is applied (the rows shown are not the whole list). */
  searched: boolean;
  /** The order chosen, or none: the server's own order. */
  sort?: string;
};

export const DEFAULT_PER_PAGE = 25;
export const SEARCH_DELAY_MS = 300;

/** A date and time (or the date alone) in the page's language, in India's time zone (lib/dates). */
export function formatAdminDate(iso: string | null | undefined, lang: string, withTime = true): string {
  return formatDateTime(iso, lang, withTime);
}

const FORMATS: ExportFormat[] = ['excel', 'pdf'];

export function AdminTable<T extends { id: number }>({
  label,
  columns,
  load,
  onDelete,
  deleteConfirmation,
  describe: describeRow,
  filters,
  exports,
  emptyMessage,
  noMatchMessage,
  rowActions,
  rowLabel,
  onDeleted,
  deletedMessage,
  deleteFailedMessage,
  perPage = DEFAULT_PER_PAGE,
  reloadKey,
  searchDelayMs = SEARCH_DELAY_MS,
  defaultSort,
}: AdminTableProps<T>) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const tableId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const list = useAdminList({ load, filters, perPage, searchDelayMs, defaultSort, reloadKey });
  const { q, page, rows, total, state, loadedOnce, sort } = list;
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const exporter = useExport(setNotice);

  // New rows or another language are laid out as a table first and measured again.
  const fits = useTableFits(rootRef, scrollerRef, rows, lang);
  const sortable = columns.flatMap((column) => {
    const field = sortField(column);
    return field ? [{ field, header: column.header }] : [];
  });
  const describe = (row: T) => (rowLabel ? rowLabel(row) : `#${row.id}`);

  const confirmDelete = async () => {
    if (!pendingDelete || !onDelete) return;
    const row = pendingDelete;
    setDeleting(true);
    try {
      await onDelete(row);
      setNotice({ kind: 'success', text: deletedMessage ?? t('Deleted successfully.') });
      onDeleted?.(row);
      if (rows.length === 1 && page > 1) list.setPage(page - 1);
      else list.reload();
    } catch (error) {
      const server = errorText(error, '');
      const text = deleteFailedMessage
        ? deleteFailedMessage(server ? t(server) : undefined)
        : t(server || i18nKey('Could not delete. Please try again.'));
      setNotice({ kind: 'error', text });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  // The file holds what the list shows: the same filters, search and order, in the language of
  // the screen (its title and headers).
  const runExport = (format: ExportFormat) =>
    exporter.run(format, () =>
      downloadFile(exports![format]!, { ...list.activeFilters, q: q || undefined, sort, lang }, format === 'excel' ? 'export.xlsx' : 'export.pdf'),
    );

  const placeOf = (index: number): AdminRowPlace<T> => ({
    previous: rows[index - 1],
    next: rows[index + 1],
    first: page === 1 && index === 0,
    last: page === list.pages && index === rows.length - 1,
    searched: Boolean(q),
    sort,
  });

  const actions =
    onDelete || rowActions
      ? (row: T, index: number) => (
          <>
            {rowActions?.(row, placeOf(index))}
            {onDelete ? (
              <Button
                variant="danger"
                size="sm"
                aria-label={`${t('Delete')}: ${describe(row)}`}
                onClick={() => {
                  setNotice(null);
                  setPendingDelete(row);
                }}
              >
                {t('Delete')}
              </Button>
            ) : null}
          </>
        )
      : undefined;

  let body: ReactNode;
  if (!loadedOnce && state === 'loading') {
    body = <Loading />;
  } else if (state === 'error') {
    body = <LoadProblem onRetry={list.reload} />;
  } else if (rows.length === 0) {
    body = <EmptyState message={q ? (noMatchMessage ?? t('No results match your search.')) : (emptyMessage ?? t('No data available'))} />;
  } else {
    body = (
      <AdminTableRows
        id={tableId}
        label={label}
        columns={columns}
        rows={rows}
        busy={state === 'loading'}
        sort={sort}
        onSort={list.toggleSort}
        actions={actions}
        scrollerRef={scrollerRef}
      />
    );
  }

  return (
    <section ref={rootRef} className={`${styles.root} ${fits ? '' : styles.cards}`} data-layout={fits ? 'table' : 'cards'} aria-label={label}>
      <AdminTableToolbar
        search={list.search}
        onSearchChange={list.onSearchChange}
        onSearchSubmit={list.onSearchSubmit}
        sortable={sortable}
        showSort={!fits}
        sort={sort}
        onSort={list.changeSort}
        formats={FORMATS.filter((format) => exports?.[format])}
        exporting={exporter.exporting}
        onExport={(format) => void runExport(format)}
      />

      <div className={styles.live} aria-live="polite" role="status">
        {notice?.kind === 'success' ? <p className={`message-success ${styles.message}`}>{notice.text}</p> : null}
        {loadedOnce && state === 'loading' ? <Loading inline /> : null}
      </div>
      {notice?.kind === 'error' ? (
        <p className={`message-error ${styles.message}`} role="alert">
          {notice.text}
        </p>
      ) : null}

      {body}

      {state !== 'error' && total > 0 ? (
        <AdminTablePager
          tableId={tableId}
          page={page}
          pages={list.pages}
          perPage={perPage}
          shown={rows.length}
          total={total}
          loading={state === 'loading'}
          onPage={list.setPage}
        />
      ) : null}

      <ConfirmDialog
        open={pendingDelete !== null}
        message={
          typeof deleteConfirmation === 'function'
            ? pendingDelete
              ? deleteConfirmation(pendingDelete)
              : ''
            : (deleteConfirmation ?? t('Are you sure you want to delete this item?'))
        }
        details={pendingDelete ? (describeRow ? describeRow(pendingDelete) : [describe(pendingDelete)]) : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          if (!deleting) setPendingDelete(null);
        }}
        busy={deleting}
      />
    </section>
  );
}
