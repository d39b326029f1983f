/** Sizes for the dashboard, in the page's language (Devanagari digits in Marathi). */
export function formatBytes(bytes: number, lang: string): string {
  const locale = lang === 'mr' ? 'mr-IN' : 'en-IN';
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1000, 'kilobyte'];
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  } catch {
    return `${value.toFixed(1)} ${unit === 'megabyte' ? 'MB' : 'kB'}`;
  }
}
