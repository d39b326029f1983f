/**
 * The family registry's fields as data: the head's and a member's fields in the order
 * the form shows them, their labels (i18n keys), the choices of sex and marital status (the
 * values of the server's `oneOf` rules, so they cannot drift), and small helpers: age from the
 * date of birth, Devanagari digits typed on a Marathi keyboard read as Latin digits.
 */
import { validationRules, type FormRules, type Rule } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { parseDate, todayInIndia } from '@/lib/validation';

// The server's rule tables (one source of rules, docs/DESIGN.md §4).
export const headRules: FormRules = validationRules.familyHead;
export const memberRules: FormRules = validationRules.familyMember;

/** The fields every person of the registry has, after the names, in the form's order. */
const personFields = ['dob', 'age', 'sex', 'education', 'occupation', 'status', 'workAddress', 'whatsapp', 'area'] as const;

export const headFields = ['firstName', 'middleName', 'lastName', 'surname', 'fatherName', 'motherName', ...personFields] as const;

export const memberFields = ['name', 'relation', 'fatherName', 'motherName', 'surname', ...personFields] as const;

export type HeadField = (typeof headFields)[number];
export type MemberField = (typeof memberFields)[number];
export type PersonField = HeadField | MemberField;
export type HeadValues = Record<HeadField, string>;
export type MemberValues = Record<MemberField, string>;
export type PersonKind = 'head' | 'member';

export const fieldsOf = (kind: PersonKind): readonly PersonField[] => (kind === 'head' ? headFields : memberFields);
export const rulesOf = (kind: PersonKind): FormRules => (kind === 'head' ? headRules : memberRules);

export const fieldLabels: Record<PersonField, string> = {
  firstName: i18nKey('First name'),
  middleName: i18nKey('Middle name'),
  lastName: i18nKey('Last name'),
  surname: i18nKey('Surname'),
  name: i18nKey('Name'),
  relation: i18nKey('Relation to the head of family'),
  fatherName: i18nKey("Father's name"),
  motherName: i18nKey("Mother's name"),
  dob: i18nKey('Date of birth'),
  age: i18nKey('Age'),
  sex: i18nKey('Sex'),
  education: i18nKey('Education'),
  occupation: i18nKey('Occupation'),
  status: i18nKey('Marital status'),
  workAddress: i18nKey('Work address'),
  whatsapp: i18nKey('WhatsApp number'),
  area: i18nKey('Area'),
};

/** Labels of the values the server accepts for sex and marital status (English values are sent). */
export const choiceLabels: Record<string, string> = {
  Male: i18nKey('Male'),
  Female: i18nKey('Female'),
  Other: i18nKey('Other'),
  Married: i18nKey('Married'),
  Unmarried: i18nKey('Unmarried'),
  Widowed: i18nKey('Widowed'),
  Divorced: i18nKey('Divorced'),
};

/** The values of a field's `oneOf` rule (the choices of a select), in the server's order. */
export function choicesOf(rules: FormRules, field: string): string[] {
  const rule = rules[field]?.find((r): r is Extract<Rule, { kind: 'oneOf' }> => r.kind === 'oneOf');
  return rule ? [...rule.values] : [];
}

const blank = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
export const emptyHead = (): HeadValues => blank(headFields);
export const emptyMember = (): MemberValues => blank(memberFields);

/** At most this many members in one registration (the contract's limit, checked by the server). */
export const MAX_MEMBERS = 30;

/** Every value trimmed, as the server stores it. */
export function trimmed<V extends Record<string, string>>(values: V): V {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as V;
}

/** The age in whole years on `today` of someone born on `dob`; undefined for no or a future date. */
export function ageOn(dob: string, today: string = todayInIndia()): string | undefined {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!born || !now || parseDate(dob) === null || dob > today) return undefined;
  const [by, bm, bd] = born.slice(1).map(Number);
  const [ny, nm, nd] = now.slice(1).map(Number);
  const birthdayPassed = nm > bm || (nm === bm && nd >= bd);
  return String(ny - by - (birthdayPassed ? 0 : 1));
}

/** Fields whose value is digits: typed Devanagari digits become Latin digits as they are typed. */
export const DIGIT_FIELDS = new Set<PersonField>(['age', 'whatsapp']);
