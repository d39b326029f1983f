/**
 * The gallery's years, one range for the dashboard's upload and the public filter, so that every
 * year a photo can be filed under can also be chosen on the gallery page, and the other way
 * round (before, the upload offered 2000 to next year and the filter only the last ten years: a
 * photo of 2012 could be uploaded but never found by its year).
 *
 * The range is the specification's (docs/SPECIFICATION.md, gallery filters): the current year in
 * India and the nine before. A photo shows what has happened, so next year is never offered (the
 * server accepts next year too, slack for a clock or a time zone). Newest first. The page passes
 * its `useToday()`, so that the prerendered filter and its hydration agree. An image filed under
 * an older year through the API keeps its year when edited (MediaEditDialog).
 */
import { todayInIndia } from '@/lib/validation';

/** How many years are offered: the current year and the nine before. */
export const YEARS_OFFERED = 10;

/** The years on offer, newest first: the year of `today` (YYYY-MM-DD, India's by default) and the nine before. */
export function galleryYears(today: string = todayInIndia()): number[] {
  const last = Number(today.slice(0, 4));
  return Array.from({ length: YEARS_OFFERED }, (_, i) => last - i);
}
