import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '@/config/site';

/** Sets the browser tab's title: "<page> · <organisation>" in the current language. */
export function usePageTitle(title?: string) {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en').startsWith('mr') ? 'mr' : 'en';
  useEffect(() => {
    const name = site.shortName[lang];
    document.title = title ? `${title} · ${name}` : name;
  }, [title, lang]);
}
