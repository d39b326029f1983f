/** A column of the administrator table, and how its sort button reads the list's order. */
import type { ReactNode } from 'react';
import styles from './AdminTable.module.css';

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

export function columnClass<T>(column: AdminColumn<T>): string {
  if (column.wide) return styles.wide;
  return column.nowrap ? styles.nowrap : styles.text;
}

/** The server field a column sorts by, if it is sortable. */
export function sortField<T>(column: AdminColumn<T>): string | undefined {
  if (!column.sortable) return undefined;
  return column.sortable === true ? column.key : column.sortable;
}

/** `aria-sort` of a column under the current `sort` value. */
export function sortDirection(field: string | undefined, sort: string | undefined): 'ascending' | 'descending' | undefined {
  if (!field || !sort) return undefined;
  if (sort === field) return 'ascending';
  return sort === `-${field}` ? 'descending' : undefined;
}

export const SORT_ICON = { ascending: '▲', descending: '▼', none: '↕' } as const;
