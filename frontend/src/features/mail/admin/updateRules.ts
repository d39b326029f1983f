/**
 * The rules of an update's four texts, keyed as the server's 422 names them (`subject.en` …), so
 * that the client checks as one types with the server's own messages and a refusal lands under
 * its field: the server's `validationRules.updateSubject` / `updateBody` (bindings/validationRules.ts).
 */
import { validationRules } from '@/lib/rules';
import type { FormRules } from '@/lib/validation';

const maxOf = (rules: readonly { kind: string; max?: number }[]) => rules.find((rule) => rule.kind === 'maxLength')?.max ?? 0;
export const SUBJECT_MAX = maxOf(validationRules.updateSubject.en);
export const BODY_MAX = maxOf(validationRules.updateBody.en);

export const updateRules: FormRules = {
  'subject.en': validationRules.updateSubject.en,
  'subject.mr': validationRules.updateSubject.mr,
  'body.en': validationRules.updateBody.en,
  'body.mr': validationRules.updateBody.mr,
};

/** The form's fields, in the order the page shows them (English, then Marathi). */
export const updateFields = ['subject.en', 'body.en', 'subject.mr', 'body.mr'] as const;
export type UpdateField = (typeof updateFields)[number];
export type UpdateValues = Record<UpdateField, string>;

export const emptyUpdate: UpdateValues = { 'subject.en': '', 'body.en': '', 'subject.mr': '', 'body.mr': '' };
