import { marathiDigits } from '@/lib/digits';

/** Marathi names of the units, as the upload form writes them ("{{size}} KB": "केबी"). */
const MARATHI_UNITS = { megabyte: 'एमबी', kilobyte: 'केबी', byte: 'बाइट' } as const;

/** Sizes for the dashboard, in the page's language (Devanagari digits and unit words in Marathi). */
export function formatBytes(bytes: number, lang: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte' as const] : bytes >= 1000 ? [bytes / 1000, 'kilobyte' as const] : [bytes, 'byte' as const];
  if (lang === 'mr') {
    // Intl's Marathi keeps the Latin "kB" and "MB".
    const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(value);
    return `${marathiDigits(number)} ${MARATHI_UNITS[unit]}`;
  }
  try {
    return new Intl.NumberFormat('en-IN', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  } catch {
    return `${value.toFixed(1)} ${{ megabyte: 'MB', kilobyte: 'kB', byte: 'B' }[unit]}`;
  }
}
