/**
 * The profile's text fields as the administrator's editor shows them: their order, labels (i18n
 * keys) and the choices of profile type and gender, read from the server's rule table
 * `matrimonyProfile` (the edit checks with the Create Profile form's rules; its `oneOf` values),
 * so the form offers exactly what the server accepts.
 */
import { validationRules, type FormRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';

/** The server's rules of an edit's text fields (one source of rules, DESIGN §4). */
export const profileRules: FormRules = validationRules.matrimonyProfile;

export const profileFields = [
  'profile_for',
  'name',
  'gender',
  'dob',
  'email',
  'mobile',
  'religion',
  'caste',
  'occupation',
  'education',
  'location',
  'height',
  'about',
] as const;

export type ProfileField = (typeof profileFields)[number];
export type ProfileValues = Record<ProfileField, string>;

export const fieldLabels: Record<ProfileField, string> = {
  profile_for: i18nKey('Profile for'),
  name: i18nKey('Name'),
  gender: i18nKey('Gender'),
  dob: i18nKey('Date of birth'),
  email: i18nKey('Email'),
  mobile: i18nKey('Mobile number'),
  religion: i18nKey('Religion'),
  caste: i18nKey('Caste'),
  occupation: i18nKey('Occupation'),
  education: i18nKey('Education'),
  location: i18nKey('Location'),
  height: i18nKey('Height'),
  about: i18nKey('About the profile'),
};

/** Labels of the values the server stores (the English value is what is sent). */
export const choiceLabels: Record<string, string> = {
  Self: i18nKey('Self'),
  Son: i18nKey('Son'),
  Daughter: i18nKey('Daughter'),
  Brother: i18nKey('Brother'),
  Sister: i18nKey('Sister'),
  'Relative/Friend': i18nKey('Relative/Friend'),
  'Marriage Bureau': i18nKey('Marriage Bureau'),
  Male: i18nKey('Male'),
  Female: i18nKey('Female'),
  Other: i18nKey('Other'),
};

/** The values a choice field accepts: those of its `oneOf` rule. */
export function choicesOf(field: 'profile_for' | 'gender'): string[] {
  const rule = profileRules[field]?.find((r) => r.kind === 'oneOf');
  return rule && rule.kind === 'oneOf' ? rule.values : [];
}

/** Whether a field is optional (it has no `required` rule). */
export const isOptional = (field: ProfileField) => !(profileRules[field] ?? []).some((rule) => rule.kind === 'required');
