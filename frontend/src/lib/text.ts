/** Capitalises the first letter (docs/SPECIFICATION.md §2: navigation labels start with a capital letter). */
export function capitalise(text: string): string {
  if (!text) return text;
  const [first, ...rest] = [...text];
  return first.toLocaleUpperCase() + rest.join('');
}

/**
 * Marks a string as an i18n key that is translated later (for example a page title passed as a
 * prop). It returns the key unchanged; the key-coverage test finds keys by this call.
 */
export function i18nKey<T extends string>(key: T): T {
  return key;
}

/** Devanagari digits (०-९) as Latin digits (a Marathi keyboard types the former; the server keeps the latter). */
export function latinDigits(text: string): string {
  return text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966));
}

/** Room for a mobile number as people write it: "+91 98765-43210" and a stray space or two. */
export const MOBILE_MAX_LENGTH = 20;
