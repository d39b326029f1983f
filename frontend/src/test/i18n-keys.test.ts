/**
 * The two translation files have exactly the same keys, every key the code uses exists, every
 * server message (the contract's list and every rule message) is translated, and Marathi
 * values are Marathi.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestI18n, translations } from './i18n';
import { validationRules } from '@/lib/rules';

const srcDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys passed literally to t(…), i18nKey(…) or <Trans i18nKey="…">. */
function keysIn(text: string): string[] {
  const patterns = [
    /\b(?:t|i18nKey)\(\s*'((?:[^'\\]|\\.)*)'/g,
    /\b(?:t|i18nKey)\(\s*"((?:[^"\\]|\\.)*)"/g,
    /\b(?:t|i18nKey)\(\s*`([^`$]*)`/g,
    /i18nKey="([^"]*)"/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1].replace(/\\(['"\\])/g, '$1')));
}

/** Server messages the client must translate (the API contract, openapi.json). */
const serverMessages = [
  'Invalid email or password',
  'Too many attempts. Please try again later.',
  // Every public form past its rate limit (429), the profile form past its day's upload cap, the honeypot refused
  'Too many submissions from your connection. Please try again later.',
  'Too many uploads from your connection today. Please try again tomorrow.',
  'Leave this field empty',
  'Registered successfully',
  'This email or mobile number is already subscribed.',
  'Not found',
  'Authentication required',
  'Validation failed',
  'Malformed request body',
  'Request body is too large',
  'Internal server error',
  'Database unavailable',
  'Server busy, please try again',
  'Not allowed',
  'Unsupported media type',
  'Invalid value',
  'Method not allowed',
  // PUT /api/admin/password (the administrator's account page)
  'Current password is incorrect',
  // Uploads and the media lists
  'Please choose an image to upload.',
  'Please choose a file to upload.',
  'The file is not a JPEG, PNG, WebP or GIF image.',
  'The file is not a JPEG, PNG or PDF file.',
  'The image could not be read.',
  'Please choose at most 20 images at a time.',
  'Please choose a valid year.',
  'Please choose a valid month.',
  // A magazine issue may be a PDF (its first page is its cover)
  'The file is not a JPEG, PNG, WebP, GIF or PDF file.',
  'The PDF could not be read.',
  // Bookings: capacity, closed dates, and a booking refused for either (409)
  'Enter a whole number up to 10000, or leave empty for no limit.',
  'No rooms of this type are free for these dates.',
  'This day is fully booked.',
  'Bookings are closed on this date.',
  'This date is already closed.',
  'Please select a booking',
  'Please select a date',
  'Date cannot be in the past',
  'Please enter a reason',
  'Maximum 200 characters allowed',
  // The booking policy's bounds and hours (PUT /api/bookings/capacity, under policy.…)
  'Enter a whole number from 1 to 50.',
  'Enter a whole number from 1 to 90.',
  'Enter a whole number from 1 to 730.',
  'Enter a whole number from 1 to 500.',
  'Enter times on the half hour (HH:MM), such as 05:00 and 09:30.',
  'The last time must not be before the first.',
  // The family registry
  'At most 30 family members',
  // Matrimonial member accounts
  'Registration successful',
  'User already exists!',
  'Login successful',
  'Invalid email/mobile or password',
  // Matrimonial profiles
  'Profile Registered Successfully',
  // The site content's draft, saved by someone else first (409), and its rules (422)
  'The draft was changed by someone else. Reload it to see their changes.',
  'Enter the English text',
  'Enter the Marathi text',
  'Enter the Telugu text',
  'This field is required',
  'This text is too long',
  'This list has too many entries',
  'Enter an address starting with https://',
  'Enter a valid phone number',
  'Upload an image',
  'Links may lead only to https://, mailto:, tel: or a page of this site',
  'Enter a valid email address',
  'Each of the eight sub-bodies must appear exactly once',
  // Backups: one at a time (409), and the file storage down (503)
  'A backup is being taken already; please try again in a minute',
  'File storage unavailable, please try again',
  // Mail (docs/DESIGN.md §14): an update's rules (422), mail not set up (409), a retry of a message that had not failed (409)
  'Please enter the subject',
  'Please enter the message',
  'Maximum 150 characters allowed',
  'Maximum 10000 characters allowed',
  'Mail is not configured',
  'Only a failed message can be sent again',
];


const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * A count's sentence has its plural forms (i18next's, read with Intl.PluralRules: English and
 * Marathi have "one" and "other"): `<the English sentence for many>_one` and `…_other`. The
 * code calls t('<sentence>', { count, … }); the `_other` form is the sentence itself.
 */
const PLURAL = /^(.*)_(one|other)$/s;
const pluralBase = (key: string) => PLURAL.exec(key)?.[1];

describe('translation files', () => {
  const { en, mr } = translations;

  it('have exactly the same keys', () => {
    expect(Object.keys(mr).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty values, and en values are the keys themselves (a plural form: its sentence, `_other` the key without the suffix)', () => {
    for (const [key, value] of Object.entries(en)) {
      const base = pluralBase(key);
      if (base === undefined) expect(value, key).toBe(key);
      else if (key.endsWith('_other')) expect(value, key).toBe(base);
      else expect(value.trim(), key).not.toBe('');
    }
    for (const [key, value] of Object.entries(mr)) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('keep the same interpolation placeholders in Marathi', () => {
    for (const key of Object.keys(en)) {
      expect(placeholders(mr[key] ?? ''), key).toEqual(placeholders(en[key]));
    }
  });

  it('pick the plural form by the count, the number shown in the page’s digits', () => {
    const key = 'The update is being sent to {{number}} subscribers.';
    expect(createTestI18n('en').t(key, { count: 1, number: '1' })).toBe('The update is being sent to 1 subscriber.');
    expect(createTestI18n('en').t(key, { count: 37, number: '37' })).toBe('The update is being sent to 37 subscribers.');
    expect(createTestI18n('mr').t(key, { count: 1, number: '१' })).toBe('सूचना १ सबस्क्रायबरला पाठवली जात आहे.');
    expect(createTestI18n('mr').t(key, { count: 37, number: '३७' })).toBe('सूचना ३७ सबस्क्रायबरना पाठवली जात आहे.');
  });

  it('give every plural sentence both forms, "one" and "other", in both languages', () => {
    const bases = new Set(Object.keys(en).flatMap((key) => pluralBase(key) ?? []));
    expect(bases.size).toBeGreaterThan(0);
    for (const base of bases) {
      expect(base in en, `${base} is only a plural`).toBe(false);
      for (const form of ['one', 'other']) for (const file of [en, mr]) expect(file[`${base}_${form}`], `${base}_${form}`).toBeTruthy();
    }
  });

  it('are written in Marathi (Devanagari), not left in English', () => {
    const notDevanagari = Object.entries(mr).filter(([, value]) => !/[\u0900-\u097F]/.test(value));
    expect(notDevanagari).toEqual([]);
  });

  it('contain every key used in the source code', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const key of keysIn(readFileSync(file, 'utf8'))) if (!(key in en) && !(`${key}_other` in en)) missing.add(`${key}  (${file.slice(srcDir.length + 1)})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('translate every server message and every validation message', () => {
    const ruleMessages = Object.values(validationRules).flatMap((form) =>
      Object.values(form as Record<string, Array<{ message?: string }>>).flatMap((rules) =>
        rules.flatMap((rule) => (rule.message ? [rule.message] : [])),
      ),
    );
    const missing = [...serverMessages, ...ruleMessages].filter((message) => !(message in en) || !(message in mr));
    expect(missing).toEqual([]);
  });
});
