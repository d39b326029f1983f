/**
 * The family registry's server calls (issue 8 contract), through the shared openapi-fetch
 * client. The payload types are the contract's; they live only here, so that moving to the
 * generated schema is one edit.
 */
import { cleanQuery, type AdminListLoader } from '@/components/ui/AdminTableApi';
import { api, errorText, fieldErrors, type DownloadPath } from '@/lib/api';
import type { RealtimeEvent } from '@/lib/realtime';
import type { HeadValues, MemberValues } from './fields';

/** A registered head of family as the administrator's list shows it. */
export type HeadRow = HeadValues & {
  id: number;
  /** The earlier family this one may duplicate (same WhatsApp number, or name and date of birth). */
  duplicateOf: number | null;
  memberCount: number;
  created_at: string;
};
export type MemberRow = MemberValues & { id: number; headId: number };
export type FamilyDetail = HeadRow & { familyMembers: MemberRow[] };
export type FamilyRegistration = { head: HeadValues; familyMembers: MemberValues[] };
export type Registered = { id: number; possibleDuplicate: boolean };

/** The outcome of a save: the server's answer, or its message and per-field messages. */
export type SaveResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

type Result = { data?: unknown; error?: unknown; response: Response };
type Init = { params?: { query?: Record<string, unknown>; path?: Record<string, unknown> }; body?: unknown; signal?: AbortSignal };
type Call = (path: string, init?: Init) => Promise<Result>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => api[method] as unknown as Call;
const serverError = { error: 'Internal server error' };

async function save<T>(promise: Promise<Result>): Promise<SaveResult<T>> {
  try {
    const { data, error, response } = await promise;
    if (response.ok) return { ok: true, data: data as T };
    return { ok: false, status: response.status, error: errorText(error, ''), fields: fieldErrors(error) };
  } catch (error) {
    console.error('Saving failed', error);
    return { ok: false, status: 0, error: '', fields: {} };
  }
}

async function ok<T>(promise: Promise<Result>): Promise<T> {
  const { data, error, response } = await promise;
  if (!response.ok) throw Object.assign({}, error ?? serverError, { status: response.status });
  return data as T;
}

/** POST /api/members/register: the head and the members, stored whole or not at all. */
export const registerFamily = (body: FamilyRegistration) => save<Registered>(call('POST')('/api/members/register', { body }));

/** GET /api/heads (administrator): q/page/per_page/sort, total in X-Total-Count. */
export const loadHeads: AdminListLoader<HeadRow> = async (query, signal) => {
  const { data, error, response } = await call('GET')('/api/heads', { params: { query: cleanQuery(query) }, signal });
  if (!response.ok || !Array.isArray(data)) throw error ?? serverError;
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { rows: data as HeadRow[], total: Number.isFinite(total) ? total : data.length };
};

export const deleteHead = async (id: number) => {
  await ok<unknown>(call('DELETE')('/api/heads/{id}', { params: { path: { id } } }));
};

/** GET /api/heads/{id}: the head with the members; throws `{ status: 404 }` for an unknown id. */
export const loadFamily = (id: number, signal?: AbortSignal) =>
  ok<FamilyDetail>(call('GET')('/api/heads/{id}', { params: { path: { id } }, signal }));

export const updateHead = (id: number, body: HeadValues) => save<HeadRow>(call('PUT')('/api/heads/{id}', { params: { path: { id } }, body }));

export const addMember = (headId: number, body: MemberValues) =>
  save<MemberRow>(call('POST')('/api/heads/{id}/members', { params: { path: { id: headId } }, body }));

export const updateMember = (id: number, body: MemberValues) =>
  save<MemberRow>(call('PUT')('/api/family-members/{id}', { params: { path: { id } }, body }));

export const deleteMember = async (id: number) => {
  await ok<unknown>(call('DELETE')('/api/family-members/{id}', { params: { path: { id } } }));
};

/** The whole register's exports (the list's search and order travel along). */
export const headExports = {
  excel: '/api/heads/export/excel' as DownloadPath,
  pdf: '/api/heads/export/pdf' as DownloadPath,
};

/** One family's exports; the path takes `{ headId }`. */
export const familyExports = {
  excel: '/api/family-members/excel/{headId}' as DownloadPath,
  pdf: '/api/family-members/pdf/{headId}' as DownloadPath,
};

/** The live event after a registration, an edit or a delete (`{"type":"familiesUpdated"}`). */
export const isFamiliesUpdate = (event: RealtimeEvent) => (event as { type: string }).type === 'familiesUpdated';
