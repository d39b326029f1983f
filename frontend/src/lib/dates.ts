import { marathiDigits } from './digits';
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

/**
 * The part of the day a Marathi speaker says before a time on the 12-hour clock ("सकाळी ७:३०",
 * "रात्री ९:१५"). Intl's Marathi writes the Latin "AM"/"PM" instead, so the site says it itself.
 */
export function marathiDayPeriod(hour: number): string {
  if (hour < 4) return 'रात्री';
  if (hour < 6) return 'पहाटे';
  if (hour < 12) return 'सकाळी';
  if (hour < 17) return 'दुपारी';
  if (hour < 20) return 'संध्याकाळी';
  return 'रात्री';
}

/** "सकाळी ७:३०" for 7:30, "रात्री १२:०५" for 0:05: fully Marathi, no Latin AM/PM. */
function marathiTime(hour: number, minute: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${marathiDayPeriod(hour)} ${marathiDigits(h12)}:${marathiDigits(String(minute).padStart(2, '0'))}`;
}

/**
 * A time of day written HH:MM (a puja time) in the page's language: as written in English,
 * "सकाळी ७:३०" in Marathi. Anything else is returned as it came (in Marathi, with its digits).
 */
export function formatTime(time: string, lang: string): string {
  const match = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(time.trim());
  if (lang !== 'mr') return time;
  if (!match) return marathiDigits(time);
  return marathiTime(Number(match[1]), Number(match[2]));
}

/**
 * A moment (RFC 3339) as a date and time in India's time zone, in the page's language:
 * "5 Mar 2026, 8:34 pm" in English, "५ मार्च, २०२६, रात्री ८:३४" in Marathi (no Latin AM/PM).
 * With `withTime` false, the date alone. An unreadable value is returned as it came.
 */
export function formatDateTime(iso: string | null | undefined, lang: string, withTime = true): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const timeZone = 'Asia/Kolkata';
  if (lang !== 'mr') {
    return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: withTime ? 'short' : undefined, timeZone }).format(moment);
  }
  const date = new Intl.DateTimeFormat('mr-IN', { dateStyle: 'medium', timeZone }).format(moment);
  if (!withTime) return date;
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(moment);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return `${date}, ${marathiTime(part('hour'), part('minute'))}`;
}
