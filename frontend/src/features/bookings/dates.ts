import { parseDate } from '@/lib/validation';

/** `date` (YYYY-MM-DD) moved by `days`; '' for an invalid date. */
export function addDays(date: string, days: number): string {
  const day = parseDate(date);
  if (day === null) return '';
  return new Date((day + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Every date from `first` to `last`, both included (at most 400). */
export function datesBetween(first: string, last: string): string[] {
  const a = parseDate(first);
  const b = parseDate(last);
  if (a === null || b === null || b < a) return [];
  const out: string[] = [];
  for (let day = a; day <= b && out.length < 400; day++) out.push(new Date(day * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/**
 * A booking's calendar date (YYYY-MM-DD) as the site writes dates: "5 Mar 2026" in English,
 * "५ मार्च, २०२६" in Marathi (Intl with en-IN / mr-IN, like the dashboard's dates). The day is
 * formatted in UTC so that it never shifts with the reader's time zone.
 */
export function formatBookingDate(date: string, lang: string): string {
  const day = parseDate(date);
  if (day === null) return date;
  return new Intl.DateTimeFormat(lang === 'mr' ? 'mr-IN' : 'en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day * 86_400_000));
}

/**
 * Several booking dates in one line. A Marathi date holds a comma ("५ मार्च, २०२६"), so the
 * dates are set apart with semicolons.
 */
export function formatBookingDates(dates: string[], lang: string): string {
  return dates.map((date) => formatBookingDate(date, lang)).join('; ');
}
