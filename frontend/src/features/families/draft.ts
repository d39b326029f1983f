/**
 * The family registration form's draft (lib/useDraft): the head's and the members' text fields,
 * kept in this browser until the form is sent, under one key for both languages.
 */
import { MAX_MEMBERS, emptyHead, emptyMember, headFields, memberFields, type HeadValues, type MemberValues } from './fields';

export const FAMILY_DRAFT_KEY = 'familyRegistrationDraft';

export type FamilyDraft = { head: HeadValues; members: MemberValues[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `fields` of `stored` that are text (anything else is left empty), on top of `empty`. */
function pick<V extends Record<string, string>>(stored: unknown, fields: readonly string[], empty: V): V {
  const values: Record<string, string> = { ...empty };
  if (isRecord(stored)) for (const field of fields) if (typeof stored[field] === 'string') values[field] = stored[field];
  return values as V;
}

/** A stored draft as the form's values, or null when it is not a family draft. */
export function readFamilyDraft(stored: unknown): FamilyDraft | null {
  if (!isRecord(stored) || !isRecord(stored.head) || !Array.isArray(stored.members)) return null;
  return {
    head: pick(stored.head, headFields, emptyHead()),
    members: stored.members.slice(0, MAX_MEMBERS).map((member) => pick(member, memberFields, emptyMember())),
  };
}

const blank = (values: Record<string, string>) => Object.values(values).every((value) => value.trim() === '');

/** Nothing typed anywhere (empty member entries do not count). */
export function isEmptyFamily(draft: FamilyDraft): boolean {
  return blank(draft.head) && draft.members.every(blank);
}
