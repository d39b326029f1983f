/**
 * The gallery's years, one range for the dashboard's upload and the public filter, so that every
 * year a photo can be filed under can also be chosen on the gallery page, and the other way
 * round (before, the upload offered 2000 to next year and the filter only the last ten years: a
 * photo of 2012 could be uploaded but never found by its year).
 *
 * The range runs from FIRST_YEAR, the first year the server accepts (so no photo is filed
 * earlier), to the current year in India: a photo shows what has happened, so next year is never
 * offered (the server accepts next year too, slack for a clock or a time zone). Newest first.
 * The page passes its `useToday()`, so that the prerendered filter and its hydration agree.
 */
import { todayInIndia } from '@/lib/validation';

/** The first year the server accepts for a gallery photo. */
export const FIRST_YEAR = 2000;

/** The years on offer, newest first: the year of `today` (YYYY-MM-DD, India's by default) down to FIRST_YEAR. */
export function galleryYears(today: string = todayInIndia()): number[] {
  const last = Math.max(Number(today.slice(0, 4)), FIRST_YEAR);
  return Array.from({ length: last - FIRST_YEAR + 1 }, (_, i) => last - i);
}
