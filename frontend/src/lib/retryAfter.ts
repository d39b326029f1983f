/**
 * How long the server asks a refused caller to wait (429 with `Retry-After`), and that wait as
 * the page's language says it ("15 minutes", "४० सेकंद").
 */
import type { TFunction } from 'i18next';

/** Seconds to wait from a `Retry-After` header (whole seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its weekday and month ("Mon, 09 Mar 2026 10:02:30 GMT").
  if (!/^[A-Za-z]{3}, /.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The wait in words: seconds under a minute, whole minutes up to an hour, else whole hours (a
 * daily cap's reset), each rounded up (a wait of 61 seconds is "2 minutes": never shorter than
 * the server's). `digits` writes the number in the page's digits.
 */
export function waitText(seconds: number, t: TFunction, digits: (n: number) => string): string {
  if (seconds < 60) {
    const n = Math.max(1, Math.ceil(seconds));
    return n === 1 ? t('1 second') : t('{{n}} seconds', { n: digits(n) });
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 60) return minutes === 1 ? t('1 minute') : t('{{n}} minutes', { n: digits(minutes) });
  const hours = Math.ceil(seconds / 3600);
  return t('{{n}} hours', { n: digits(hours) });
}
