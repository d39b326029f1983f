import { useTranslation } from 'react-i18next';
import { numberText } from './digits';
import type { Language } from './i18n';

/** The current site language, a setter that persists it, and a digit formatter for it. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const lang: Language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('mr') ? 'mr' : 'en';
  return {
    lang,
    /** Switches (fetching the translations if needed) and stores the choice. */
    setLanguage: (next: Language) => i18n.changeLanguage(next).then(() => undefined),
    /**
     * A number that is read (a count, a year, a size) in the language's own digits: Devanagari in
     * Marathi. Not for codes (phone numbers, references, ids): those are `codeText` (lib/digits).
     */
    digits: (value: string | number) => numberText(value, lang),
  };
}
