/**
 * The matches page's filters: kept in the address (so Back restores them and a filtered view
 * can be reopened), checked before they are sent, and applied to a profile that arrives live
 * so that a card appears only where the listing itself would show it.
 */
import { i18nKey, latinDigits } from '@/lib/text';
import type { MatchFilters, PublicProfile } from './api';

export const FILTER_NAMES = ['gender', 'age_min', 'age_max', 'location', 'education', 'q'] as const;
/** The ages the listing accepts (the server's range). */
export const AGE_RANGE = { min: 18, max: 100 } as const;

export const noFilters: MatchFilters = { gender: '', age_min: '', age_max: '', location: '', education: '', q: '' };

export function filtersFromQuery(params: URLSearchParams): MatchFilters {
  const filters = { ...noFilters };
  for (const name of FILTER_NAMES) filters[name] = params.get(name) ?? '';
  return filters;
}

export function queryFromFilters(filters: MatchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = latinDigits(filters[name].trim());
    if (value) params.set(name, value);
  }
  return params;
}

export const hasFilters = (filters: MatchFilters) => FILTER_NAMES.some((name) => filters[name].trim() !== '');

const ageOf = (value: string): number | null => {
  const text = latinDigits(value.trim());
  return /^[0-9]{1,3}$/.test(text) ? Number(text) : null;
};

/** Messages (i18n keys) of the age fields that cannot be sent; empty when the filters are fine. */
export function filterErrors(filters: MatchFilters): Partial<Record<'age_min' | 'age_max', string>> {
  const errors: Partial<Record<'age_min' | 'age_max', string>> = {};
  for (const name of ['age_min', 'age_max'] as const) {
    if (filters[name].trim() === '') continue;
    const age = ageOf(filters[name]);
    if (age === null || age < AGE_RANGE.min || age > AGE_RANGE.max) errors[name] = i18nKey('Enter an age from 18 to 100.');
  }
  const low = ageOf(filters.age_min);
  const high = ageOf(filters.age_max);
  if (!errors.age_min && !errors.age_max && low !== null && high !== null && low > high) {
    errors.age_max = i18nKey('The highest age cannot be below the lowest.');
  }
  return errors;
}

const contains = (text: string | null | undefined, part: string) => (text ?? '').toLocaleLowerCase().includes(part.trim().toLocaleLowerCase());

/** Whether the listing with these filters would show `profile` (for a profile that arrives live). */
export function matchesFilters(profile: PublicProfile, filters: MatchFilters): boolean {
  if (filters.gender && profile.gender !== filters.gender) return false;
  const low = ageOf(filters.age_min);
  const high = ageOf(filters.age_max);
  if (low !== null && profile.age < low) return false;
  if (high !== null && profile.age > high) return false;
  if (filters.location.trim() && !contains(profile.location, filters.location)) return false;
  if (filters.education.trim() && !contains(profile.education, filters.education)) return false;
  if (filters.q.trim() && ![profile.name, profile.religion, profile.caste].some((text) => contains(text, filters.q))) return false;
  return true;
}
