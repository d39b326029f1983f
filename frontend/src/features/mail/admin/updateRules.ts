/**
 * The rules of an update's four texts, keyed as the server's 422 names them (`subject.en` …), so
 * that the client checks as one types with the server's own messages and a refusal lands under
 * its field. The server states them as `validationRules.updateSubject` / `updateBody`
 * (bindings/validationRules.ts); until the generated table has them, they are declared here, the
 * one place to swap: `{ 'subject.en': [...validationRules.updateSubject.subject], … }`.
 */
import { i18nKey } from '@/lib/text';
import type { FormRules, Rule } from '@/lib/validation';

export const SUBJECT_MAX = 150;
export const BODY_MAX = 10000;

const subject: Rule[] = [
  { kind: 'required', message: i18nKey('Please enter the subject') },
  { kind: 'maxLength', max: SUBJECT_MAX, message: i18nKey('Maximum 150 characters allowed') },
];

const body: Rule[] = [
  { kind: 'required', message: i18nKey('Please enter the message') },
  { kind: 'maxLength', max: BODY_MAX, message: i18nKey('Maximum 10000 characters allowed') },
  { kind: 'multiLine' },
];

export const updateRules: FormRules = { 'subject.en': subject, 'subject.mr': subject, 'body.en': body, 'body.mr': body };

/** The form's fields, in the order the page shows them (English, then Marathi). */
export const updateFields = ['subject.en', 'body.en', 'subject.mr', 'body.mr'] as const;
export type UpdateField = (typeof updateFields)[number];
export type UpdateValues = Record<UpdateField, string>;

export const emptyUpdate: UpdateValues = { 'subject.en': '', 'body.en': '', 'subject.mr': '', 'body.mr': '' };
