/**
 * The matrimonial forms' fields as data, one list for the public Create Profile form and the
 * administrator's editor: the server's rule tables (one source of rules, docs/DESIGN.md §4), the choices
 * of the selects taken from the rules' `oneOf` values (so they cannot drift from the server), the
 * order of the profile's fields and their labels (i18n keys, the glossary's words in Marathi).
 */
import { validationRules, type FormRules, type Rule } from '@/lib/rules';
import { i18nKey, latinDigits } from '@/lib/text';

export const registrationRules: FormRules = validationRules.matrimonyRegistration;
export const loginRules: FormRules = validationRules.memberLogin;
/** A forgotten password: the e-mail address that receives the link. */
export const forgottenPasswordRules: FormRules = validationRules.forgottenPassword;
/** The e-mailed link's new password (the token travels from the link, not from a field). */
export const newPasswordRules: FormRules = { password: validationRules.newMemberPassword.password };
/** A member's password set by an owner from the dashboard. */
export const memberPasswordRules: FormRules = validationRules.memberPasswordReset;
/** The profile's text fields, at creation and at an edit alike. */
export const profileRules: FormRules = validationRules.matrimonyProfile;

/** The values of a field's `oneOf` rule. */
export function choicesOf(rules: FormRules, field: string): string[] {
  const rule = rules[field]?.find((r): r is Extract<Rule, { kind: 'oneOf' }> => r.kind === 'oneOf');
  return rule ? [...rule.values] : [];
}

/** Whom a profile is for (docs/SPECIFICATION.md §3), as the server lists them. */
export const PROFILE_FOR = choicesOf(registrationRules, 'profile_for');

/** Words of the profile-for choices (GLOSSARY: स्वतःसाठी, मुलासाठी …). */
export const profileForLabels: Record<string, string> = {
  Self: i18nKey('Self'),
  Son: i18nKey('Son'),
  Daughter: i18nKey('Daughter'),
  Brother: i18nKey('Brother'),
  Sister: i18nKey('Sister'),
  'Relative/Friend': i18nKey('Relative/Friend'),
  'Marriage Bureau': i18nKey('Marriage Bureau'),
};

/** The profile's text fields, in the order both forms show them (Create Profile puts the files after `height`). */
export const PROFILE_FIELDS = [
  'profile_for',
  'name',
  'gender',
  'email',
  'mobile',
  'dob',
  'religion',
  'caste',
  'occupation',
  'education',
  'location',
  'height',
  'about',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export const profileLabels: Record<ProfileField, string> = {
  profile_for: i18nKey('Profile for'),
  name: i18nKey('Full name'),
  gender: i18nKey('Gender'),
  email: i18nKey('Email'),
  mobile: i18nKey('Mobile number'),
  dob: i18nKey('Date of birth'),
  religion: i18nKey('Religion'),
  caste: i18nKey('Caste'),
  occupation: i18nKey('Occupation'),
  education: i18nKey('Education'),
  location: i18nKey('Location'),
  height: i18nKey('Height'),
  about: i18nKey('About the bride or groom'),
};

/** The text fields of a stored profile, as a form starts them (a missing value is empty). */
export function profileValues(profile: object): ProfileValues {
  const record = profile as Record<string, unknown>;
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, record[field] == null ? '' : String(record[field])])) as ProfileValues;
}

/** Whether the server requires the field (it has a `required` rule). */
export const isRequired = (field: ProfileField) => profileRules[field]?.some((rule) => rule.kind === 'required') ?? false;

export const GENDERS = choicesOf(profileRules, 'gender');

export const genderLabels: Record<string, string> = {
  Male: i18nKey('Male'),
  Female: i18nKey('Female'),
  Other: i18nKey('Other'),
};

/** A choice's label key, or the value itself for a choice the client does not know yet. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** The profile's select fields: the values the server accepts and their labels. */
const profileChoices = {
  profile_for: { values: choicesOf(profileRules, 'profile_for'), labels: profileForLabels },
  gender: { values: GENDERS, labels: genderLabels },
};

/** The options of a profile's select, labelled in the page's language. */
export function choiceOptions(field: keyof typeof profileChoices, t: (key: string) => string) {
  const { values, labels } = profileChoices[field];
  return values.map((value) => ({ value, label: t(labelOf(labels, value)) }));
}

/**
 * What a visitor types into the mobile field (after the fixed +91): spaces and dashes go, and a
 * pasted "+91 98765 43210" or "098765 43210" keeps only its ten digits. Devanagari digits stay
 * as typed (the rules and the server read them).
 */
export function mobileInput(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  const digits = latinDigits(compact);
  if (/^\+91[0-9]{10}$/.test(digits)) return compact.slice(3);
  if (/^0[0-9]{10}$/.test(digits)) return compact.slice(1);
  return compact;
}
