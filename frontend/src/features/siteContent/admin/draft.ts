/**
 * The editor's content as plain data addressed by the server's paths (`team.2.members.0.name.mr`,
 * relative to the content, as a 422 names them): reading and changing a value, adding, removing
 * and moving list items, and placing the server's messages where the editor shows them. Changes
 * copy only the objects on the path, so everything else keeps its identity, and a list item
 * keeps its key (React's, across moves and edits) however often it is copied.
 */
import type { Member, SiteContent, SubBodyId } from '@bindings/SiteContent';
import { i18nKey } from '@/lib/text';

type Container = Record<string, unknown> | unknown[];

const segmentsOf = (path: string) => (path === '' ? [] : path.split('.'));
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;
const childOf = (value: unknown, segment: string): unknown => (isContainer(value) ? (value as Record<string, unknown>)[segment] : undefined);

/** A path one level up: `team.2.members` for `team.2.members.0`, '' for `team`. */
export const parentPath = (path: string) => path.split('.').slice(0, -1).join('.');
export const joinPath = (...parts: Array<string | number>) => parts.filter((part) => part !== '').join('.');

/** The value at `path`, or undefined where the content has nothing. */
export function getAt(root: unknown, path: string): unknown {
  return segmentsOf(path).reduce(childOf, root);
}

const keys = new WeakMap<object, number>();
let nextKey = 1;

/** A list item's key for React: the same for the item through every edit and move. */
export function keyOf(item: object): number {
  let key = keys.get(item);
  if (key === undefined) {
    key = nextKey++;
    keys.set(item, key);
  }
  return key;
}

/** A copy of a container that keeps its key. */
function copy<T extends Container>(value: T): T {
  const copied = (Array.isArray(value) ? [...value] : { ...value }) as T;
  keys.set(copied, keyOf(value));
  return copied;
}

/**
 * `root` with the value at `path` replaced (undefined removes an optional field, such as a
 * member's phone), the containers on the path copied.
 */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const [head, ...rest] = segmentsOf(path);
  if (head === undefined) return value as T;
  if (!isContainer(root)) throw new Error(`No place for ${path}`);
  const next = copy(root) as Record<string, unknown>;
  const child = rest.length === 0 ? value : setAt(next[head], rest.join('.'), value);
  if (child === undefined && !Array.isArray(next)) delete next[head];
  else next[head] = child;
  return next as T;
}

/** The list at `listPath` changed by `change` (given a copy it may alter). */
function changeList<T>(root: T, listPath: string, change: (items: unknown[]) => void): T {
  const list = getAt(root, listPath);
  if (!Array.isArray(list)) throw new Error(`${listPath} is not a list`);
  const items = [...list];
  change(items);
  return setAt(root, listPath, items);
}

export const appendTo = <T>(root: T, listPath: string, item: unknown) => changeList(root, listPath, (items) => items.push(item));
export const removeFrom = <T>(root: T, listPath: string, index: number) => changeList(root, listPath, (items) => items.splice(index, 1));
export function moveWithin<T>(root: T, listPath: string, from: number, to: number): T {
  return changeList(root, listPath, (items) => {
    const [item] = items.splice(from, 1);
    items.splice(to, 0, item);
  });
}

/** New, empty items of each list (a member's phone is optional, so it starts absent). */
export const emptyText = () => ({ en: '', mr: '' });
export const emptyMember = (): Member => ({ name: emptyText(), role: emptyText() });
export const newItems = {
  social: () => ({ label: '', url: '' }),
  group: () => ({ title: emptyText(), members: [] as Member[] }),
  member: emptyMember,
  slide: () => ({ image: '', title: emptyText(), text: emptyText() }),
  sponsor: () => ({ image: '', name: emptyText() }),
};

/** The editor's parts (its tabs), and the top-level fields each one shows. */
export const parts = ['organisation', 'team', 'subBodies', 'home', 'pages'] as const;
export type Part = (typeof parts)[number];
const partOfField: Record<keyof SiteContent, Part> = {
  organisation: 'organisation',
  team: 'team',
  sub_bodies: 'subBodies',
  slides: 'home',
  sponsors: 'home',
  about: 'pages',
  privacy: 'pages',
};

/** The part that shows `path`; null for the content as a whole (the page's alert says it). */
export function partOf(path: string): Part | null {
  const [head] = segmentsOf(path);
  return head === undefined ? null : (partOfField[head as keyof SiteContent] ?? null);
}

/** Fields that may be absent from the content although the editor shows them. */
const OPTIONAL_FIELDS = new Set(['phone']);
/** Fields the editor does not show: a message about them goes to what holds them. */
const HIDDEN_FIELDS = new Set(['id']);

/**
 * Where the editor shows a message about `path`: the path itself when the editor has a place
 * for it (every field, pair of languages, list and list item has one), else the nearest
 * enclosing place (an unknown or hidden field, an index past the list's end).
 */
export function placeOf(path: string, content: SiteContent): string {
  const segments = segmentsOf(path);
  let value: unknown = content;
  const placed: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const child = childOf(value, segment);
    const last = index === segments.length - 1;
    if (HIDDEN_FIELDS.has(segment)) break;
    if (child === undefined && !(last && OPTIONAL_FIELDS.has(segment) && isContainer(value))) break;
    placed.push(segment);
    value = child;
  }
  return placed.join('.');
}

export type Messages = Record<string, string>;

/** A 422's messages by the place that shows them (two for one place are shown together). */
export function placeMessages(fields: Messages, content: SiteContent): Messages {
  const placed: Messages = {};
  for (const [path, message] of Object.entries(fields)) {
    const place = placeOf(path, content);
    placed[place] = placed[place] ? `${placed[place]} ${message}` : message;
  }
  return placed;
}

/**
 * The messages after a list's items moved or one was removed: `newIndex(old)` gives an item's
 * new place, or null for the removed item, whose messages go.
 */
export function remapMessages(messages: Messages, listPath: string, newIndex: (old: number) => number | null): Messages {
  const prefix = listPath === '' ? '' : `${listPath}.`;
  const out: Messages = {};
  for (const [path, message] of Object.entries(messages)) {
    const match = path.startsWith(prefix) ? /^(\d+)(\..*)?$/.exec(path.slice(prefix.length)) : null;
    if (!match) {
      out[path] = message;
      continue;
    }
    const index = newIndex(Number(match[1]));
    if (index !== null) out[`${prefix}${index}${match[2] ?? ''}`] = message;
  }
  return out;
}

/** How many places of each part have a message (the tabs show it). */
export function messagesByPart(messages: Messages): Record<Part, number> {
  const counts = Object.fromEntries(parts.map((part) => [part, 0])) as Record<Part, number>;
  for (const path of Object.keys(messages)) {
    const part = partOf(path);
    if (part) counts[part] += 1;
  }
  return counts;
}

/** The element id of the place of `path` (a field, or the message of a list or an item). */
export const placeId = (path: string) => `site-${path.replaceAll('.', '-') || 'content'}`;

/** The sub-bodies' names, as the site's menu gives them. */
export const subBodyNames: Record<SubBodyId, string> = {
  YuvajanSangh: i18nKey('Yuvajan Sangh'),
  SeniorCitizen: i18nKey('Senior Citizens Club'),
  CounsellingClub: i18nKey('Senior Counselling Club'),
  VadhuVarMandal: i18nKey('Vadhu Var Mandal'),
  ShikshanSanstha: i18nKey('Shikshan Sanstha'),
  MahilaMandal: i18nKey('Mahila Mandal'),
  PurohitSangh: i18nKey('Purohit Sangh'),
  TempleCommittee: i18nKey('Temple Committee'),
};

/** Whether two values are the same data (the editor's "unsaved changes"; the order of fields does not count). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return aKeys.length === bKeys.length && aKeys.every((key) => sameData(childOf(a, key), childOf(b, key)));
}

/** A text in the page's language, else in the other one ('' when both are empty). */
export const inLanguage = (text: { en: string; mr: string }, lang: 'en' | 'mr') => (text[lang] || text[lang === 'en' ? 'mr' : 'en']).trim();
