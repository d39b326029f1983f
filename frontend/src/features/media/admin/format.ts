/** Sizes for the dashboard, in the page's language (Devanagari digits in Marathi). */
export function formatBytes(bytes: number, lang: string): string {
  const locale = lang === 'mr' ? 'mr-IN' : 'en-IN';
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1000 ? [bytes / 1000, 'kilobyte'] : [bytes, 'byte'];
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  } catch {
    return `${value.toFixed(1)} ${{ megabyte: 'MB', kilobyte: 'kB', byte: 'B' }[unit]}`;
  }
}
