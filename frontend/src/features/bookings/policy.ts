/**
 * The booking policy (issue 22 §2): what one booking may ask for. The server holds every booking
 * to it (`backend/src/bookings/capacity/policy.rs`); the forms read it (`GET
 * /api/bookings/policy`) to offer the same choices and to explain it before sending, and the
 * capacity page edits it. Until the answer arrives (and when it cannot be had) the forms use the
 * server's defaults, which is also what a prerendered page is drawn with.
 */
import type { Schemas } from '@/lib/api';
import { latinDigits } from '@/lib/text';
import { addDays } from './dates';

export type BookingPolicy = Schemas['BookingPolicy'];
export type PujaHours = Schemas['PujaHours'];

/** A puja's hours unless the office sets others: from 05:00 to 09:00. */
export const DEFAULT_HOURS: PujaHours = { first: '05:00', last: '09:00' };
const hours = (): PujaHours => ({ ...DEFAULT_HOURS });

/** The server's defaults (`BookingPolicy::default`): a family room, a week, six months ahead. */
export const DEFAULT_POLICY: BookingPolicy = {
  guests_per_room: { standard: 4, deluxe: 4, suite: 6 },
  longest_stay_nights: 7,
  days_ahead: 180,
  participants_per_puja: { markandeya: 10, poshavvadevi: 10, shitaladevi: 10 },
  puja_hours: { markandeya: hours(), poshavvadevi: hours(), shitaladevi: hours() },
};

/** What an administrator may set (the server's bounds, policy.rs). */
export const POLICY_BOUNDS = {
  guests: { min: 1, max: 50 },
  nights: { min: 1, max: 90 },
  daysAhead: { min: 1, max: 730 },
  participants: { min: 1, max: 500 },
} as const;

const HALF_HOUR = /^([01][0-9]|2[0-3]):(00|30)$/;

/** Minutes after midnight of an `HH:MM` on the half hour; null for anything else. */
export function halfHourMinutes(time: string): number | null {
  const match = HALF_HOUR.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every half hour from `first` to `last`, both included ("05:00", "05:30" … "09:00"); the whole day by default. */
export function halfHours(first = '00:00', last = '23:30'): string[] {
  const from = halfHourMinutes(first) ?? 0;
  const to = halfHourMinutes(last) ?? 23 * 60 + 30;
  const times: string[] = [];
  for (let minutes = from; minutes <= to; minutes += 30) times.push(clock(minutes));
  return times;
}

/** The puja times of a kind's hours, with a time chosen earlier that is no longer among them kept (it is then refused with a message, not silently dropped). */
export function pujaTimeChoices(hours: PujaHours, current = ''): string[] {
  const times = halfHours(hours.first, hours.last);
  if (/^\d\d:\d\d$/.test(current) && !times.includes(current)) return [...times, current].sort();
  return times;
}

/** The latest date a booking may be made for (YYYY-MM-DD), `today` being India's. */
export function latestDate(policy: BookingPolicy, today: string): string {
  return addDays(today, policy.days_ahead);
}

/** A count as typed (Latin or Devanagari digits), or null when it is not a whole number. */
export function countOf(value: string | undefined): number | null {
  const text = latinDigits((value ?? '').trim());
  return /^[0-9]{1,6}$/.test(text) ? Number(text) : null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function counts(given: unknown, fallback: Record<string, number>): Record<string, number> {
  const source = given && typeof given === 'object' ? (given as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(fallback).map(([name, value]) => [name, isCount(source[name]) ? source[name] : value]));
}

/**
 * The policy an answer carries, every missing or unreadable part taken from the defaults: a form
 * keeps working on whatever a server (or a proxy's error page) sends.
 */
export function readPolicy(answer: unknown): BookingPolicy {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return DEFAULT_POLICY;
  const given = answer as Partial<Record<keyof BookingPolicy, unknown>>;
  const hoursGiven = given.puja_hours && typeof given.puja_hours === 'object' ? (given.puja_hours as Record<string, unknown>) : {};
  const puja_hours = Object.fromEntries(
    Object.entries(DEFAULT_POLICY.puja_hours).map(([name, fallback]) => {
      const value = hoursGiven[name] as Partial<PujaHours> | undefined;
      const first = halfHourMinutes(String(value?.first ?? ''));
      const last = halfHourMinutes(String(value?.last ?? ''));
      return [name, first !== null && last !== null && first <= last ? { first: value!.first!, last: value!.last! } : fallback];
    }),
  );
  return {
    guests_per_room: counts(given.guests_per_room, DEFAULT_POLICY.guests_per_room),
    longest_stay_nights: isCount(given.longest_stay_nights) ? given.longest_stay_nights : DEFAULT_POLICY.longest_stay_nights,
    days_ahead: isCount(given.days_ahead) ? given.days_ahead : DEFAULT_POLICY.days_ahead,
    participants_per_puja: counts(given.participants_per_puja, DEFAULT_POLICY.participants_per_puja),
    puja_hours,
  };
}
