/**
 * i18next set-up (DESIGN §9). Keys are the English texts themselves — the same texts the server
 * sends in its error bodies — so one message set serves both. Translation files are served from
 * `/locales/{lng}/translation.json` (frontend/public/locales).
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'mr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = 'en';
/** localStorage key under which the chosen language is kept (spec §9). */
export const languageStorageKey = 'i18nextLng';

/** Options shared by the app and the tests: keys are English sentences, so no separators. */
export const baseOptions = {
  fallbackLng: fallbackLanguage,
  supportedLngs: [...supportedLanguages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly' as const,
  keySeparator: false as const,
  nsSeparator: false as const,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
};

/** Keeps `<html lang>` in step so screen readers and fonts pick the right language. */
export function syncHtmlLang(lng: string | undefined) {
  if (typeof document === 'undefined' || !lng) return;
  document.documentElement.lang = lng.startsWith('mr') ? 'mr' : 'en';
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language ?? fallbackLanguage;
  return lng.startsWith('mr') ? 'mr' : 'en';
}

export function initI18n() {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', syncHtmlLang);
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      backend: { loadPath: '/locales/{{lng}}/translation.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: languageStorageKey,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
  return i18n;
}

export default i18n;
