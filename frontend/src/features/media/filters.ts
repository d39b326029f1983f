/**
 * The gallery's filters (docs/SPECIFICATION.md §5): the years a photo can be filed under (`galleryYears`,
 * the specification's ten years, which the upload offers too) and
 * 12 months, each with "All"; the caption 'Showing images for: {year or All Years} > {month as two digits}'.
 */
import { i18nKey } from '@/lib/text';
import type { MediaFilters } from './api';

export const monthNames = [
  i18nKey('January'),
  i18nKey('February'),
  i18nKey('March'),
  i18nKey('April'),
  i18nKey('May'),
  i18nKey('June'),
  i18nKey('July'),
  i18nKey('August'),
  i18nKey('September'),
  i18nKey('October'),
  i18nKey('November'),
  i18nKey('December'),
] as const;

/** Filters from the page's query string (`?year=2026&month=9`); anything else means All. */
export function filtersFromQuery(params: URLSearchParams): MediaFilters {
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  return {
    year: Number.isInteger(year) && year >= 1000 && year <= 9999 ? year : undefined,
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined,
  };
}

export function queryFromFilters({ year, month }: MediaFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (year) query.year = String(year);
  if (month) query.month = String(month);
  return query;
}

/** The month as two digits ("09"), for the caption. */
export const twoDigits = (month: number) => String(month).padStart(2, '0');
