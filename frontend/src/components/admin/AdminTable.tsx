/**
 * The one administrator list (DESIGN §1: the admin lists share one implementation): a search
 * box (debounced, sent as `q`), sortable columns (sent as `sort`), the page's own filters (sent
 * under their names), the rows, paging by `X-Total-Count`, delete with a confirmation, Excel /
 * PDF export of the list as filtered and sorted on screen, and loading, empty and error states.
 * Where the table fits it is a table; where it does not (a phone, or a tablet with the sidebar
 * open) every row becomes a card with its labels, so the row's buttons are always on screen.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, errorText, type DownloadPath } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { useTableFits } from './useTableFits';
import { cleanQuery, type AdminListFilters, type AdminListLoader, type AdminListQuery } from '@/lib/adminList';
import styles from './AdminTable.module.css';

export type { AdminListFilters, AdminListLoader, AdminListPage, AdminListQuery } from '@/lib/adminList';

export type AdminColumn<T> = {
  /** Stable key of the column. */
  key: string;
  /** Header text (already translated); also the label of the value on a phone's card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** A column of long text (a message) that gets most of the width. */
  wide?: boolean;
  /** Keep the value on one line on a wide screen (dates). */
  nowrap?: boolean;
  /**
   * The header becomes a sort button. `true` sorts by the column's key; a string names the
   * server's field when it differs. Only fields the list's `SORTABLE` names on the server.
   */
  sortable?: boolean | string;
};

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
  /** Extra buttons per row, before Delete (e.g. Edit). */
  rowActions?: (row: T) => ReactNode;
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

export const DEFAULT_PER_PAGE = 25;
export const SEARCH_DELAY_MS = 300;

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** A date and time (or the date alone) in the page's language, in India's time zone (lib/dates). */
export function formatAdminDate(iso: string | null | undefined, lang: string, withTime = true): string {
  return formatDateTime(iso, lang, withTime);
}

function columnClass<T>(column: AdminColumn<T>): string {
  if (column.wide) return styles.wide;
  return column.nowrap ? styles.nowrap : styles.text;
}

/** The server field a column sorts by, if it is sortable. */
function sortField<T>(column: AdminColumn<T>): string | undefined {
  if (!column.sortable) return undefined;
  return column.sortable === true ? column.key : column.sortable;
}

/** `aria-sort` of a column under the current `sort` value. */
function sortDirection(field: string | undefined, sort: string | undefined): 'ascending' | 'descending' | undefined {
  if (!field || !sort) return undefined;
  if (sort === field) return 'ascending';
  return sort === `-${field}` ? 'descending' : undefined;
}

const SORT_ICON = { ascending: '▲', descending: '▼', none: '↕' } as const;

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
  const { lang, digits } = useLanguage();
  const searchId = useId();
  const sortId = useId();
  const tableId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<string | undefined>(defaultSort);
  const [reloads, setReloads] = useState(0);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState<'excel' | 'pdf' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // The filters as a stable value: the list reloads (from page 1) only when one really changes.
  const filterKey = JSON.stringify(Object.entries(cleanQuery(filters ?? {})).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (appliedFilters !== filterKey) {
    setAppliedFilters(filterKey);
    setPage(1);
  }
  const activeFilters = useMemo(() => Object.fromEntries(JSON.parse(appliedFilters) as Array<[string, string | number]>), [appliedFilters]);

  // Debounced search: the request goes out once typing pauses.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applySearch = useCallback((value: string) => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    setQ(value.trim());
    setPage(1);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearchChange = (value: string) => {
    setSearch(value);
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = setTimeout(() => applySearch(value), searchDelayMs);
  };
  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    applySearch(search);
  };

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    const query: AdminListQuery = { ...activeFilters, q: q || undefined, page, per_page: perPage, sort };
    load(query, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        const pages = Math.max(1, Math.ceil(result.total / perPage));
        // The last page emptied (rows deleted elsewhere): show the last page that has rows.
        if (result.rows.length === 0 && page > pages) {
          setPage(pages);
          return;
        }
        setRows(result.rows);
        setTotal(result.total);
        setState('ready');
        setLoadedOnce(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the list failed', error);
        setState('error');
      },
    );
    return () => controller.abort();
  }, [load, activeFilters, q, page, perPage, sort, reloadKey, reloads]);

  // New rows or another language are laid out as a table first and measured again.
  const fits = useTableFits(rootRef, scrollerRef, rows, lang);
  const sortable = columns.flatMap((column) => {
    const field = sortField(column);
    return field ? [{ field, header: column.header }] : [];
  });
  const changeSort = (next: string) => {
    setSort(next || undefined);
    setPage(1);
  };
  /** A header click sorts ascending by that column, a second one descending, and so on. */
  const toggleSort = (field: string) => changeSort(sort === field ? `-${field}` : field);

  const pages = Math.max(1, Math.ceil(total / perPage));
  const describe = (row: T) => (rowLabel ? rowLabel(row) : `#${row.id}`);

  const confirmDelete = async () => {
    if (!pendingDelete || !onDelete) return;
    const row = pendingDelete;
    setDeleting(true);
    try {
      await onDelete(row);
      setNotice({ kind: 'success', text: deletedMessage ?? t('Deleted successfully.') });
      onDeleted?.(row);
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else setReloads((n) => n + 1);
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

  const runExport = async (kind: 'excel' | 'pdf', path: DownloadPath) => {
    setExporting(kind);
    setNotice(null);
    try {
      // The file holds what the list shows: the same filters, search and order, in the
      // language of the screen (its title and headers).
      const query = { ...activeFilters, q: q || undefined, sort, lang };
      const name = await downloadFile(path, query, kind === 'excel' ? 'export.xlsx' : 'export.pdf');
      setNotice({ kind: 'success', text: t('File downloaded: {{name}}', { name }) });
    } catch (error) {
      console.error('Export failed', error);
      setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Export failed. Please try again later.'))) });
    } finally {
      setExporting(null);
    }
  };

  const hasActions = Boolean(onDelete || rowActions);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, (page - 1) * perPage + rows.length);

  let body: ReactNode;
  if (!loadedOnce && state === 'loading') {
    body = <Loading />;
  } else if (state === 'error') {
    body = (
      <div className={styles.problem} role="alert">
        <p>{t('Could not load the list. Please check your connection and try again.')}</p>
        <Button variant="secondary" onClick={() => setReloads((n) => n + 1)}>
          {t('Try again')}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = <EmptyState message={q ? (noMatchMessage ?? t('No results match your search.')) : (emptyMessage ?? t('No data available'))} />;
  } else {
    body = (
      <div ref={scrollerRef} className={styles.scroller}>
        <table id={tableId} className={styles.table} aria-busy={state === 'loading' || undefined}>
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
                        onClick={() => toggleSort(field)}
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
              {hasActions ? (
                <th scope="col" className={styles.actionsHead}>
                  {t('Actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header} className={columnClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
                {hasActions ? (
                  <td className={styles.actions}>
                    <div className={styles.actionButtons}>
                      {rowActions?.(row)}
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
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section ref={rootRef} className={`${styles.root} ${fits ? '' : styles.cards}`} data-layout={fits ? 'table' : 'cards'} aria-label={label}>
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={onSearchSubmit}>
          <label htmlFor={searchId} className={styles.searchLabel}>
            {t('Search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={t('Type to search...')}
            autoComplete="off"
            enterKeyHint="search"
          />
        </form>
        {!fits && sortable.length > 0 ? (
          // Cards have no header row, so the sort is chosen here.
          <div className={styles.sortChoice}>
            <label htmlFor={sortId} className={styles.searchLabel}>
              {t('Sort by')}
            </label>
            <select id={sortId} className={styles.sortSelect} value={sort ?? ''} onChange={(event) => changeSort(event.target.value)}>
              {sort === undefined ? <option value="">{t('Default order')}</option> : null}
              {sortable.map(({ field, header }) => [
                <option key={field} value={field}>
                  {t('{{column}}, ascending', { column: header })}
                </option>,
                <option key={`-${field}`} value={`-${field}`}>
                  {t('{{column}}, descending', { column: header })}
                </option>,
              ])}
            </select>
          </div>
        ) : null}
        {exports?.excel || exports?.pdf ? (
          <div className={styles.exports}>
            {exports.excel ? (
              <Button variant="secondary" size="sm" busy={exporting === 'excel'} onClick={() => void runExport('excel', exports.excel!)}>
                {t('Export Excel')}
              </Button>
            ) : null}
            {exports.pdf ? (
              <Button variant="secondary" size="sm" busy={exporting === 'pdf'} onClick={() => void runExport('pdf', exports.pdf!)}>
                {t('Export PDF')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className={styles.live} aria-live="polite" role="status">
        {notice?.kind === 'success' ? <p className={styles.success}>{notice.text}</p> : null}
        {loadedOnce && state === 'loading' ? <Loading inline /> : null}
      </div>
      {notice?.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {notice.text}
        </p>
      ) : null}

      {body}

      {state !== 'error' && total > 0 ? (
        <nav className={styles.pager} aria-label={t('Pages')}>
          <p className={styles.count}>
            {t('Showing {{from}}–{{to}} of {{total}}', { from: digits(from), to: digits(to), total: digits(total) })}
          </p>
          {pages > 1 ? (
            <div className={styles.pageButtons}>
              <Button variant="secondary" size="sm" disabled={page <= 1 || state === 'loading'} onClick={() => setPage(page - 1)} aria-controls={tableId}>
                {t('Previous')}
              </Button>
              <span className={styles.pageOf}>{t('Page {{page}} of {{pages}}', { page: digits(page), pages: digits(pages) })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages || state === 'loading'} onClick={() => setPage(page + 1)} aria-controls={tableId}>
                {t('Next')}
              </Button>
            </div>
          ) : null}
        </nav>
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
