/**
 * The booking policy as the capacity page edits it: text by the server's field path
 * (`guests_per_room.suite`, `puja_hours.markandeya.first`), checked with the server's bounds
 * before sending; the server's 422 names the same paths under `policy.`.
 */
import { i18nKey, latinDigits } from '@/lib/text';
import { POLICY_BOUNDS, halfHourMinutes, type BookingPolicy } from '../policy';
import { pujaKinds, roomTypes } from './api';

export type PolicyDraft = Record<string, string>;

type Bound = keyof typeof POLICY_BOUNDS;

/** The server's message for each bound (policy.rs): "Enter a whole number from 1 to 50." */
const RANGE_MESSAGES: Record<Bound, string> = {
  guests: i18nKey('Enter a whole number from 1 to 50.'),
  nights: i18nKey('Enter a whole number from 1 to 90.'),
  daysAhead: i18nKey('Enter a whole number from 1 to 730.'),
  participants: i18nKey('Enter a whole number from 1 to 500.'),
};
export const LAST_BEFORE_FIRST = i18nKey('The last time must not be before the first.');
export const NOT_HALF_HOUR = i18nKey('Enter times on the half hour (HH:MM), such as 05:00 and 09:30.');

/** Every number of the policy: its path and its bounds. */
export const numberFields: Array<{ path: string; bound: Bound }> = [
  ...roomTypes.map((type) => ({ path: `guests_per_room.${type}`, bound: 'guests' as const })),
  { path: 'longest_stay_nights', bound: 'nights' },
  { path: 'days_ahead', bound: 'daysAhead' },
  ...pujaKinds.map((kind) => ({ path: `participants_per_puja.${kind}`, bound: 'participants' as const })),
];

export const boundsOf = (path: string) => POLICY_BOUNDS[numberFields.find((field) => field.path === path)?.bound ?? 'guests'];

export function toDraft(policy: BookingPolicy): PolicyDraft {
  const draft: PolicyDraft = {};
  for (const type of roomTypes) draft[`guests_per_room.${type}`] = String(policy.guests_per_room[type] ?? '');
  draft.longest_stay_nights = String(policy.longest_stay_nights);
  draft.days_ahead = String(policy.days_ahead);
  for (const kind of pujaKinds) {
    draft[`participants_per_puja.${kind}`] = String(policy.participants_per_puja[kind] ?? '');
    draft[`puja_hours.${kind}.first`] = policy.puja_hours[kind]?.first ?? '';
    draft[`puja_hours.${kind}.last`] = policy.puja_hours[kind]?.last ?? '';
  }
  return draft;
}

/** A number as typed (Devanagari digits too). */
const numberOf = (value: string | undefined) => Number(latinDigits((value ?? '').trim()));

export function fromDraft(draft: PolicyDraft): BookingPolicy {
  return {
    guests_per_room: Object.fromEntries(roomTypes.map((type) => [type, numberOf(draft[`guests_per_room.${type}`])])),
    longest_stay_nights: numberOf(draft.longest_stay_nights),
    days_ahead: numberOf(draft.days_ahead),
    participants_per_puja: Object.fromEntries(pujaKinds.map((kind) => [kind, numberOf(draft[`participants_per_puja.${kind}`])])),
    puja_hours: Object.fromEntries(
      pujaKinds.map((kind) => [kind, { first: draft[`puja_hours.${kind}.first`] ?? '', last: draft[`puja_hours.${kind}.last`] ?? '' }]),
    ),
  };
}

/** The message (an i18n key) of every path whose value the server would refuse. */
export function draftProblems(draft: PolicyDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { path, bound } of numberFields) {
    const text = latinDigits((draft[path] ?? '').trim());
    const { min, max } = POLICY_BOUNDS[bound];
    if (!/^[0-9]{1,4}$/.test(text) || Number(text) < min || Number(text) > max) problems[path] = RANGE_MESSAGES[bound];
  }
  for (const kind of pujaKinds) {
    const first = halfHourMinutes(draft[`puja_hours.${kind}.first`] ?? '');
    const last = halfHourMinutes(draft[`puja_hours.${kind}.last`] ?? '');
    if (first === null) problems[`puja_hours.${kind}.first`] = NOT_HALF_HOUR;
    else if (last === null) problems[`puja_hours.${kind}.last`] = NOT_HALF_HOUR;
    else if (last < first) problems[`puja_hours.${kind}.last`] = LAST_BEFORE_FIRST;
  }
  return problems;
}

/**
 * The draft's path a server field names: `policy.days_ahead` → `days_ahead`; the hours of a kind
 * as a whole (`policy.puja_hours.markandeya`) → its first time. Null for a field of another part.
 */
export function draftPathOf(field: string): string | null {
  if (!field.startsWith('policy.')) return null;
  const path = field.slice('policy.'.length);
  return /^puja_hours\.[a-z]+$/.test(path) ? `${path}.first` : path;
}
