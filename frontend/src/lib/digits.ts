/**
 * The site's one rule for digits, in both languages (GLOSSARY: Devanagari digits in running
 * Marathi text):
 *
 * - A number that is READ, a count, an amount, a size, an age, a year, a date, a time, a page or a
 *   place in a list, is written in the page's digits: Devanagari (०–९) in Marathi, Latin in
 *   English. `numberText` (in a component: `useLanguage().digits`); dates and times through
 *   lib/dates, whose Marathi (Intl's mr-IN) writes Devanagari digits too.
 * - A number that is USED, a phone or WhatsApp number, a booking reference, a record's id, the
 *   registration number, is a code: Latin digits in both languages, as the server stores it
 *   (`codeText`), so that it is dialled, copied, searched for and compared with the exports
 *   and the PDFs exactly as written. Inputs take either kind of digits (lib/text `latinDigits`).
 *
 * The dashboard's tables, cards and confirmations and the public pages follow the same rule.
 */
import { latinDigits } from './text';

const DEVANAGARI = '०१२३४५६७८९';

/** Digits 0-9 in Devanagari ("2026" → "२०२६"); everything else as it is. */
export function marathiDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => DEVANAGARI[Number(d)]);
}

/** A number that is read, in the page's digits: "२०२६" in Marathi, "2026" in English. */
export function numberText(value: string | number, lang: string): string {
  return lang === 'mr' ? marathiDigits(value) : String(value);
}

/** A code (a phone number, a reference, an id) in Latin digits whatever the language. */
export function codeText(value: string | number | null | undefined): string {
  return latinDigits(String(value ?? ''));
}
