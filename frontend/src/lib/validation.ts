/**
 * The client half of "one source of rules" (docs/DESIGN.md §4): an interpreter for the rule tables the
 * server exports, with exactly the server's semantics — a field's rules are checked in order,
 * the first failing rule's message is the field's error, and every rule other than `required`
 * is skipped when the trimmed value is empty. Messages are English i18n keys.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormRules, Rule } from './rules';
import { latinDigits } from './text';

export type { FormRules, Rule };
export type FormValues = Record<string, unknown>;
export type FormErrors = Record<string, string>;

const LETTERS = /^[\p{L}\p{M}\s\u200C\u200D]+$/u;
/** Letters, marks, spaces and the . ' ’ - of names, with at least one letter. */
const PERSON_NAME = /^[\p{L}\p{M}\s\u200C\u200D.'\u2019-]*\p{L}[\p{L}\p{M}\s\u200C\u200D.'\u2019-]*$/u;
const DIGITS = /^[0-9]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMOJI = /\p{Extended_Pictographic}/u;
/** Ten digits, after a leading 0 or +91 if any (spaces and dashes already removed). */
const MOBILE = /^(\+91|0)?[0-9]{10}$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const INTEGER = /^[+-]?[0-9]+$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** A value as the rules see it: numbers and booleans as their decimal text. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * The bare ten digits of a mobile number as people write it — "98765 43210", "098765-43210",
 * "+91 98765 43210", in Latin or Devanagari digits — or null when it is not one (the server's
 * `as_mobile`, which stores the ten digits).
 */
export function bareMobile(value: string): string | null {
  const compact = latinDigits(value).replace(/[ -]/g, '');
  return MOBILE.test(compact) ? compact.slice(-10) : null;
}

/** True for a mobile number as `bareMobile` reads it. */
export function isMobile(value: string): boolean {
  return bareMobile(value) !== null;
}

/** A real calendar date written YYYY-MM-DD, as days since the epoch; null otherwise. */
export function parseDate(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return null;
  const time = Date.UTC(y, mo - 1, d);
  const date = new Date(time);
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  date.setUTCFullYear(y);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return Math.floor(date.getTime() / 86_400_000);
}

/** Today's date (YYYY-MM-DD) in Asia/Kolkata, which decides what "in the past" means. */
export function todayInIndia(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Whole years from a date of birth to today (both YYYY-MM-DD), as the server counts them: a year
 * more on each birthday (one born on 29 February has it on 1 March in other years); null when
 * either is not a date.
 */
export function ageOn(dob: string, today: string): number | null {
  if (parseDate(dob) === null || parseDate(today) === null) return null;
  const [y, m, d] = dob.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const birthdayToCome = tm < m || (tm === m && td < d);
  return ty - y - (birthdayToCome ? 1 : 0);
}

const HTTPS_URL = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?([/?#][^\s<>"]*)?$/;
const SITE_IMAGE = /^(\/images(\/[A-Za-z0-9_-]+)+\.(svg|png|jpg|jpeg|webp)|\/uploads\/[0-9a-f]{32}\.(png|jpg|webp|gif))$/;
/** A link of the long texts' markup: `[text](target)`. */
const LINK = /\[[^\]\n]*\]\(([^)\s]*)\)/g;

/** An `https://` address with a host, as the server's `HttpsUrl` rule reads it. */
export function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}

/** A telephone number: digits (Latin or Devanagari), spaces, + - ( ), with 6 to 15 digits. */
export function isPhone(value: string): boolean {
  const latin = latinDigits(value);
  const digits = latin.replace(/[^0-9]/g, '').length;
  return /^[0-9 +\-()]*$/.test(latin) && digits >= 6 && digits <= 15;
}

/** Every `[text](target)` of a marked-up text leads to https, mailto, tel or a page of the site. */
export function linksAreSafe(text: string): boolean {
  return [...text.matchAll(LINK)].every(([, target]) =>
    isHttpsUrl(target) ||
    (target.startsWith('mailto:') && isEmail(target.slice(7))) ||
    (target.startsWith('tel:') && isPhone(target.slice(4))) ||
    (target.startsWith('/') && !target.startsWith('//') && !target.includes('\\')),
  );
}

/** The `maxItems` message when `list` has more entries than its rules allow. */
export function tooManyItems(rules: Rule[] | undefined, list: unknown[]): string | undefined {
  const rule = rules?.find((r) => r.kind === 'maxItems');
  return rule && rule.kind === 'maxItems' && list.length > rule.max ? rule.message : undefined;
}

/** Rules that check something (`multiLine` only marks a field that may hold line breaks). */
type CheckingRule = Exclude<Rule, { kind: 'multiLine' }>;

/** Rules that read digits: they take Devanagari digits too, as the server does (GLOSSARY). */
const READS_DIGITS = new Set<Rule['kind']>([
  'digits',
  'exactDigits',
  'minNumber',
  'date',
  'time',
  'notPast',
  'notFuture',
  'minAge',
  'after',
  'emailOrMobile',
  'mobile',
]);

function fails(rule: CheckingRule, value: string, trimmedAsSent: string, values: FormValues, now: Date): boolean {
  const trimmed = READS_DIGITS.has(rule.kind) ? latinDigits(trimmedAsSent) : trimmedAsSent;
  switch (rule.kind) {
    case 'required':
      return trimmed === '';
    case 'letters':
      return !LETTERS.test(value);
    case 'personName':
      return !PERSON_NAME.test(value);
    case 'digits':
      return !DIGITS.test(trimmed);
    case 'exactDigits':
      return !(DIGITS.test(trimmed) && trimmed.length === rule.length);
    case 'email':
      return !isEmail(trimmed);
    case 'minLength':
      return [...value].length < rule.min;
    case 'maxLength':
      return [...value].length > rule.max;
    case 'noEmoji':
      return EMOJI.test(value);
    case 'minNumber':
      return !INTEGER.test(trimmed) || BigInt(trimmed) < BigInt(rule.min);
    case 'date':
      return parseDate(trimmed) === null;
    case 'time':
      return !TIME.test(trimmed);
    case 'notPast': {
      const date = parseDate(trimmed);
      const today = parseDate(todayInIndia(now));
      return date !== null && today !== null && date < today;
    }
    case 'notFuture': {
      const date = parseDate(trimmed);
      const today = parseDate(todayInIndia(now));
      return date !== null && today !== null && date > today;
    }
    case 'minAge': {
      const age = ageOn(trimmed, todayInIndia(now));
      return age !== null && age < rule.years;
    }
    case 'after': {
      const date = parseDate(trimmed);
      const other = parseDate(latinDigits(textOf(values[rule.field]).trim()));
      return date !== null && other !== null && date <= other;
    }
    case 'oneOf':
      return !rule.values.includes(trimmed);
    case 'emailOrMobile':
      return !isEmail(trimmed) && !isMobile(trimmed);
    case 'mobile':
      return !isMobile(trimmed);
    case 'httpsUrl':
      return !isHttpsUrl(trimmed);
    case 'phone':
      return !isPhone(trimmed);
    case 'safeLinks':
      return !linksAreSafe(value);
    case 'siteImage':
      return !SITE_IMAGE.test(trimmed);
    case 'notCommon':
      // The list of common passwords stays on the server; its 422 comes under the field.
      return false;
    case 'maxItems':
      // Counted on the list itself (`tooManyItems`); a text has no entries.
      return false;
    default: {
      const unknown: never = rule;
      void unknown;
      return false;
    }
  }
}

/** The message of the first rule the field fails, or undefined when it passes. */
export function validateField(
  rules: FormRules,
  name: string,
  values: FormValues,
  now: Date = new Date(),
): string | undefined {
  const fieldRules = rules[name];
  if (!fieldRules) return undefined;
  const value = textOf(values[name]);
  const trimmed = value.trim();
  for (const rule of fieldRules) {
    if (rule.kind === 'multiLine') continue;
    if (rule.kind !== 'required' && trimmed === '') continue;
    if (fails(rule, value, trimmed, values, now)) return rule.message;
  }
  return undefined;
}

/** Every field's first failing message; an empty object when the form is valid. */
export function validateForm(rules: FormRules, values: FormValues, now: Date = new Date()): FormErrors {
  const errors: FormErrors = {};
  for (const name of Object.keys(rules)) {
    const message = validateField(rules, name, values, now);
    if (message) errors[name] = message;
  }
  return errors;
}

type FieldProps = {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
};

/**
 * Form state checked with a rule table: each field is validated as it changes (fields the
 * visitor has not touched stay quiet until submit), and a server 422's per-field messages can
 * be put under the fields with `setServerErrors`.
 */
export function useForm<V extends Record<string, string>>(rules: FormRules, initial: V) {
  const initialRef = useRef(initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const valuesRef = useRef(values);
  valuesRef.current = values;

  const setValue = useCallback(
    (name: keyof V & string, value: string) => {
      const next = { ...valuesRef.current, [name]: value } as V;
      valuesRef.current = next;
      setValues(next);
      setErrors((prevErrors) => {
        const updated = { ...prevErrors };
        const message = validateField(rules, name, next);
        if (message) updated[name] = message;
        else delete updated[name];
        // A rule such as `after` depends on another field: recheck fields already in error.
        for (const other of Object.keys(updated)) {
          if (other === name || !(other in rules)) continue;
          const msg = validateField(rules, other, next);
          if (msg) updated[other] = msg;
          else delete updated[other];
        }
        return updated;
      });
    },
    [rules],
  );

  /** Validates everything; returns true when the form may be sent. */
  const validate = useCallback((): boolean => {
    const found = validateForm(rules, valuesRef.current);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, [rules]);

  const setServerErrors = useCallback((fields: Record<string, string>) => {
    setErrors((prev) => ({ ...prev, ...fields }));
  }, []);

  const reset = useCallback(() => {
    valuesRef.current = initialRef.current;
    setValues(initialRef.current);
    setErrors({});
  }, []);

  const field = useCallback(
    (name: keyof V & string): FieldProps => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => setValue(name, event.target.value),
      error: errors[name],
    }),
    [values, errors, setValue],
  );

  const replaceValues = useCallback((next: V) => {
    valuesRef.current = next;
    setValues(next);
    setErrors({});
  }, []);

  const isValid = useMemo(() => Object.keys(validateForm(rules, values)).length === 0, [rules, values]);

  return { values, errors, setValue, setValues: replaceValues, validate, setServerErrors, reset, field, isValid };
}
