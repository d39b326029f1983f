import { parseDate } from './validation';

/**
 * A calendar date (YYYY-MM-DD) as the site writes dates: "5 Mar 2026" in English,
 * "५ मार्च, २०२६" in Marathi (Intl with en-IN / mr-IN, like the dashboard's dates). The day is
 * formatted in UTC so that it never shifts with the reader's time zone; an invalid date is
 * returned as it came.
 */
export function formatDate(date: string, lang: string): string {
  const day = parseDate(date);
  if (day === null) return date;
  return new Intl.DateTimeFormat(lang === 'mr' ? 'mr-IN' : 'en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day * 86_400_000));
}
