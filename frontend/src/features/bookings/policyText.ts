/**
 * The booking policy in the visitor's words: the hint each limited field carries, and the form's
 * own check of the values against the policy with its message under the field (the server says
 * the same in English, with its own numbers; the form's message is the translated one).
 */
import type { TFunction } from 'i18next';
import { marathiDigits } from '@/lib/digits';
import { formatTime } from '@/lib/dates';
import { i18nKey } from '@/lib/text';
import { parseDate } from '@/lib/validation';
import { formatBookingDate } from './dates';
import { bookingKindFacts, type BookingKind } from './kinds';
import { countOf, halfHourMinutes, latestDate, type BookingPolicy } from './policy';

/** "in a standard room": Marathi says it in one inflected word ("साध्या खोलीत"). */
const roomIn: Record<string, string> = {
  standard: i18nKey('in a standard room'),
  deluxe: i18nKey('in a deluxe room'),
  suite: i18nKey('in a suite'),
};

export type PolicyText = {
  /** The policy's hint per field name. */
  hints: Record<string, string>;
  /** The message per field whose value the policy does not allow. */
  problems: Record<string, string>;
};

/**
 * The hints and the problems of a booking form's `values` under `policy`, `today` being India's
 * date (YYYY-MM-DD), in the page's language `lang`.
 */
export function policyText(kind: BookingKind, values: Record<string, string>, policy: BookingPolicy, today: string, t: TFunction, lang: string): PolicyText {
  const digits = (n: number) => (lang === 'mr' ? marathiDigits(n) : String(n));
  /** The singular key for 1, the plural one with `{{count}}` for any other number. */
  const counted = (n: number, one: string, many: string, options: Record<string, string> = {}) =>
    t(n === 1 ? one : many, { ...options, count: digits(n) });
  const hints: Record<string, string> = {};
  const problems: Record<string, string> = {};

  const latest = latestDate(policy, today);
  const dateField = bookingKindFacts[kind].form === 'room' ? 'checkIn' : 'pujaDate';
  // The hint names no date: a date is written with Intl, which the server's prerendering engine
  // lacks (the `max` of the field gives the date picker the latest day).
  hints[dateField] = counted(policy.days_ahead, i18nKey('Bookings open up to 1 day ahead.'), i18nKey('Bookings open up to {{count}} days ahead.'));
  const chosen = parseDate(values[dateField] ?? '');
  if (chosen !== null && chosen > (parseDate(latest) ?? Infinity)) {
    problems[dateField] = counted(
      policy.days_ahead,
      i18nKey('Bookings open 1 day ahead: choose a date up to {{date}}.'),
      i18nKey('Bookings open {{count}} days ahead: choose a date up to {{date}}.'),
      { date: formatBookingDate(latest, lang) },
    );
  }

  if (bookingKindFacts[kind].form === 'room') {
    const nights = policy.longest_stay_nights;
    hints.checkOut = counted(nights, i18nKey('Stays of 1 night only.'), i18nKey('Stays of up to {{count}} nights.'));
    const checkOut = parseDate(values.checkOut ?? '');
    if (chosen !== null && checkOut !== null && checkOut - chosen > nights) {
      problems.checkOut = counted(nights, i18nKey('A stay is at most 1 night.'), i18nKey('A stay is at most {{count}} nights.'));
    }
    const roomType = values.roomType ?? '';
    const most = policy.guests_per_room[roomType];
    if (roomIn[roomType] && most !== undefined) {
      const room = t(roomIn[roomType]);
      hints.guests = counted(most, i18nKey('Up to 1 guest {{room}}.'), i18nKey('Up to {{count}} guests {{room}}.'), { room });
      const guests = countOf(values.guests);
      if (guests !== null && guests > most) {
        problems.guests = counted(most, i18nKey('At most 1 guest {{room}}.'), i18nKey('At most {{count}} guests {{room}}.'), { room });
      }
    }
    return { hints, problems };
  }

  const most = policy.participants_per_puja[kind];
  if (most !== undefined) {
    hints.participants = counted(most, i18nKey('Up to 1 participant.'), i18nKey('Up to {{count}} participants.'));
    const participants = countOf(values.participants);
    if (participants !== null && participants > most) {
      problems.participants = counted(most, i18nKey('At most 1 participant.'), i18nKey('At most {{count}} participants.'));
    }
  }
  const hours = policy.puja_hours[kind];
  if (hours) {
    const range = { first: formatTime(hours.first, lang), last: formatTime(hours.last, lang) };
    hints.pujaTime =
      hours.first === hours.last
        ? t('Pujas start at {{first}}.', range)
        : t('Pujas start from {{first}} to {{last}}, on the hour or half hour.', range);
    const time = values.pujaTime ?? '';
    const minutes = halfHourMinutes(time);
    const [first, last] = [halfHourMinutes(hours.first) ?? 0, halfHourMinutes(hours.last) ?? 0];
    if (/^\d\d:\d\d$/.test(time) && (minutes === null || minutes < first || minutes > last)) {
      problems.pujaTime = t('Choose a time from {{first}} to {{last}}.', range);
    }
  }
  return { hints, problems };
}
