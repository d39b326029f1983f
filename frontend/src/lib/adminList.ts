/**
 * The server half of the administrator table: typed loaders and deleters built on the generated
 * openapi-fetch client, so a page only names its API paths (`listLoader('/api/contacts')`)
 * and the row type follows from the OpenAPI document.
 */
import { api } from './api';
import { latinDigits } from './text';
import type { paths } from '@/lib/api-schema';

/** Values a page filters its list by, next to the search (e.g. `from`, `to`, `status`). */
export type AdminListFilters = Record<string, string | number | undefined>;
/**
 * What the table asks the server for (docs/DESIGN.md §3: `q`, `page` from 1, `per_page`, `sort`), plus
 * the page's own filters under their query names (empty ones already left out).
 */
export type AdminListQuery = { q?: string; page: number; per_page: number; sort?: string; [filter: string]: string | number | undefined };
/** One page of rows and the size of the whole filtered list (`X-Total-Count`). */
export type AdminListPage<T> = { rows: T[]; total: number };
export type AdminListLoader<T> = (query: AdminListQuery, signal?: AbortSignal) => Promise<AdminListPage<T>>;

type ArrayBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B extends Array<infer R>
    ? R
    : never
  : never;

/** API paths whose GET answers a JSON array: the lists. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: infer G } ? ([ArrayBody<G>] extends [never] ? never : P) : never;
}[keyof paths];

/** The row type of a list path. */
export type ListRow<P extends ListPath> = paths[P] extends { get: infer G } ? ArrayBody<G> : never;

/** API paths with a DELETE by numeric id. */
export type DeletePath = {
  [P in keyof paths]: paths[P] extends { delete: { parameters: { path: { id: number } } } } ? P : never;
}[keyof paths];

type LooseCall = (
  path: string,
  init: { params: { query?: Record<string, unknown>; path?: Record<string, unknown> }; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

const serverError = { error: 'Internal server error' };

/** Drops empty values so that the URL carries only what is set. */
export function cleanQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** A loader for a server-side list: sends q/page/per_page/sort, reads `X-Total-Count`. */
export function listLoader<P extends ListPath>(path: P): AdminListLoader<ListRow<P>> {
  return async (query, signal) => {
    // Every list path takes the same optional query; the generated types differ per path.
    const get = api.GET as unknown as LooseCall;
    const { data, error, response } = await get(path, { params: { query: cleanQuery(query) }, signal });
    if (!response.ok || !Array.isArray(data)) throw error ?? serverError;
    const header = response.headers.get('X-Total-Count');
    const total = header === null ? NaN : Number(header);
    return { rows: data as ListRow<P>[], total: Number.isFinite(total) ? total : data.length };
  };
}

/** A delete-by-id call for a list's rows; throws the server's error body on failure. */
export function rowDeleter<P extends DeletePath>(path: P): (id: number) => Promise<void> {
  return async (id) => {
    const del = api.DELETE as unknown as LooseCall;
    const { error, response } = await del(path, { params: { path: { id } } });
    if (!response.ok) throw error ?? serverError;
  };
}

/**
 * A loader over rows already in the page (a family's members): the same search, order and
 * paging as a server list. `q` matches any of `fields` (case-insensitive, Devanagari digits as
 * Latin); `sort` is a field name, `-` first for descending; numbers compare as numbers.
 */
export function localListLoader<T extends object>(rows: readonly T[], fields: ReadonlyArray<keyof T & string>): AdminListLoader<T> {
  const norm = (value: unknown) => latinDigits(String(value ?? '')).toLocaleLowerCase();
  return async ({ q, page, per_page, sort }) => {
    const needle = q ? norm(q.trim()) : '';
    let found = needle ? rows.filter((row) => fields.some((field) => norm(row[field]).includes(needle))) : [...rows];
    if (sort) {
      const descending = sort.startsWith('-');
      const key = (descending ? sort.slice(1) : sort) as keyof T;
      found = found.sort((a, b) => {
        const [x, y] = [a[key], b[key]];
        const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''), undefined, { numeric: true });
        return descending ? -order : order;
      });
    }
    const start = (page - 1) * per_page;
    return { rows: found.slice(start, start + per_page), total: found.length };
  };
}
