/**
 * The administrator table's list state: the debounced search (`q`), the order (`sort`), the
 * page's filters, the page number, and the rows of the current page with the list's size, loaded
 * again whenever one of them changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { cleanQuery, type AdminListFilters, type AdminListLoader, type AdminListQuery } from '@/lib/adminList';

export type ListOptions<T> = {
  load: AdminListLoader<T>;
  filters?: AdminListFilters;
  perPage: number;
  searchDelayMs: number;
  defaultSort?: string;
  reloadKey?: unknown;
};

export function useAdminList<T>({ load, filters, perPage, searchDelayMs, defaultSort, reloadKey }: ListOptions<T>) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<string | undefined>(defaultSort);
  const [reloads, setReloads] = useState(0);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadedOnce, setLoadedOnce] = useState(false);

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

  const changeSort = (next: string) => {
    setSort(next || undefined);
    setPage(1);
  };
  /** A header click sorts ascending by that column, a second one descending, and so on. */
  const toggleSort = (field: string) => changeSort(sort === field ? `-${field}` : field);

  return {
    search,
    onSearchChange,
    onSearchSubmit,
    q,
    page,
    setPage,
    pages: Math.max(1, Math.ceil(total / perPage)),
    sort,
    changeSort,
    toggleSort,
    activeFilters,
    rows,
    total,
    state,
    loadedOnce,
    reload: () => setReloads((n) => n + 1),
  };
}
