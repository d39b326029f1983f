import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/useHydrated';
import { useLanguage } from '@/lib/useLanguage';
import type { Language } from '@/lib/i18n';
import styles from './LanguageSelector.module.css';

/** Each language is offered in its own script, whatever the current language. */
const choices: Array<{ lang: Language; label: string }> = [
  { lang: 'en', label: 'English' },
  { lang: 'mr', label: 'मराठी' },
];

/** English / मराठी switch; the choice is stored (localStorage i18nextLng) and restored. */
export function LanguageSelector() {
  const { t } = useTranslation();
  const { lang, setLanguage } = useLanguage();
  // On a slow connection the other language's translations take a moment: show the choice at once.
  const [pending, setPending] = useState<Language | null>(null);
  const shown = pending ?? lang;
  // In prerendered HTML the switch answers once the page's code has arrived, not before.
  const hydrated = useHydrated();
  const choose = (next: Language) => {
    if (next === lang) return;
    setPending(next);
    void setLanguage(next).finally(() => setPending(null));
  };
  return (
    <div className={styles.selector} role="group" aria-label={t('Language')} aria-busy={pending ? true : undefined}>
      {choices.map((choice) => (
        <button
          key={choice.lang}
          type="button"
          lang={choice.lang}
          className={styles.option}
          aria-pressed={shown === choice.lang}
          disabled={!hydrated}
          onClick={() => choose(choice.lang)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
