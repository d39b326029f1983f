/** Months of the gallery: the default month (India's calendar) and month names per language. */
import { todayInIndia } from '@/lib/validation';

/** This month in Asia/Kolkata (the gallery's default for a new photo). */
export function monthInIndia(now: Date = new Date()): { year: number; month: number } {
  const [year, month] = todayInIndia(now).split('-').map(Number);
  return { year, month };
}

/** "September" / "सप्टेंबर": the month's name in the page's language. */
export function monthName(month: number, lang: string): string {
  const locale = lang === 'mr' ? 'mr-IN' : 'en-IN';
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));
  } catch {
    return String(month);
  }
}
