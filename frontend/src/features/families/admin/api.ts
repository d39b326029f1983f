/** The family register's administrator calls: the list of heads, one family, its edits and exports. */
import { listLoader, rowDeleter } from '@/lib/adminList';
import { api, formCall, type Schemas } from '@/lib/api';
import { headInput, memberInput } from '../api';
import type { HeadValues, MemberValues } from '../fields';

export type HeadRow = Schemas['HeadRow'];
export type MemberRow = Schemas['MemberRow'];
export type FamilyDetail = Schemas['Family'];

/** GET /api/heads (administrator): q/page/per_page/sort, total in X-Total-Count. */
export const loadHeads = listLoader('/api/heads');
/** DELETE /api/heads/{id} (administrator): the family with its members. */
export const deleteHead = rowDeleter('/api/heads/{id}');

/** GET /api/heads/{id}: the head with the members; throws the error body with `status` (404 for an unknown id). */
export async function loadFamily(id: number, signal?: AbortSignal): Promise<FamilyDetail> {
  const { data, error, response } = await api.GET('/api/heads/{id}', { params: { path: { id } }, signal });
  if (!response.ok || !data) throw { ...(error ?? { error: 'Internal server error' }), status: response.status };
  return data;
}

export const updateHead = (id: number, values: HeadValues) =>
  formCall(() => api.PUT('/api/heads/{id}', { params: { path: { id } }, body: headInput(values) }));

export const addMember = (headId: number, values: MemberValues) =>
  formCall(() => api.POST('/api/heads/{id}/members', { params: { path: { id: headId } }, body: memberInput(values) }));

export const updateMember = (id: number, values: MemberValues) =>
  formCall(() => api.PUT('/api/family-members/{id}', { params: { path: { id } }, body: memberInput(values) }));

/** DELETE /api/family-members/{id} (administrator). */
export const deleteMember = rowDeleter('/api/family-members/{id}');

/** The whole register's exports (the list's search and order travel along). */
export const headExports = { excel: '/api/heads/export/excel', pdf: '/api/heads/export/pdf' } as const;

/** One family's exports; the path takes the head's `{ id }`. */
export const familyExports = { excel: '/api/family-members/excel/{id}', pdf: '/api/family-members/pdf/{id}' } as const;
