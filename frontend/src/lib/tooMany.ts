/**
 * A public form refused with 429 (docs/DESIGN.md §5: every public write has a per-address
 * rate limit; the profile form also a daily cap of uploaded bytes): the form's alert in the
 * page's language, with the wait the server's `Retry-After` asks for ("Please wait 40 seconds"),
 * or the server's own message translated when it gave no wait that can be read. Every public
 * form says it through here; the form keeps what was typed.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { waitText } from './retryAfter';
import { i18nKey } from './text';
import { useLanguage } from './useLanguage';

/** The server's message past a form's rate limit. */
export const TOO_MANY_SUBMISSIONS = i18nKey('Too many submissions from your connection. Please try again later.');
/** The server's message past the profile form's daily cap of uploaded bytes. */
export const TOO_MANY_UPLOADS = i18nKey('Too many uploads from your connection today. Please try again tomorrow.');

/** What a refused call tells: its status, the server's English message, and `Retry-After` in seconds (null: none usable). */
export type Refusal = { status: number; error?: string | null; retryAfter?: number | null };

/** The alert for a 429 answer, translated; null for any other answer (the form says that its own way). */
export function tooManyText(refusal: Refusal | null | undefined, t: TFunction, digits: (n: number) => string): string | null {
  if (refusal?.status !== 429) return null;
  const uploads = refusal.error === TOO_MANY_UPLOADS;
  const wait = refusal.retryAfter;
  if (wait !== null && wait !== undefined) {
    const options = { wait: waitText(wait, t, digits) };
    return uploads
      ? t('Too many uploads from your connection today. Please wait {{wait}} and try again.', options)
      : t('Too many submissions from your connection. Please wait {{wait}} and try again.', options);
  }
  return t(refusal.error || TOO_MANY_SUBMISSIONS);
}

/** `tooManyText` bound to the page's language and digits. */
export function useTooMany(): (refusal: Refusal | null | undefined) => string | null {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  return (refusal) => tooManyText(refusal, t, digits);
}
