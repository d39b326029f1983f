/**
 * i18next for tests: the real translation files, loaded synchronously, plus a "pseudo" language
 * in which every translation is wrapped in ⟦…⟧ so a test can spot text that bypassed t().
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import mr from '../../public/locales/mr/translation.json';
import { baseOptions } from '@/lib/i18n';

export const translations = { en: en as Record<string, string>, mr: mr as Record<string, string> };

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const pseudo = Object.fromEntries(Object.entries(translations.en).map(([k, v]) => [k, `${PSEUDO_OPEN}${v}${PSEUDO_CLOSE}`]));

export function createTestI18n(lng: 'en' | 'mr' | 'pseudo' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseOptions,
    supportedLngs: ['en', 'mr', 'pseudo'],
    lng,
    initAsync: false,
    resources: {
      en: { translation: translations.en },
      mr: { translation: translations.mr },
      pseudo: { translation: pseudo },
    },
    react: { useSuspense: false },
  });
  return instance;
}
