import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '@/lib/useLanguage';
import type { Language } from '@/lib/i18n';
import styles from './LanguageSelector.module.css';

/** Each language is offered in its own script, whatever the current language. */
const choices: Array<{ lang: Language; label: string }> = [
  { lang: 'en', label: 'English' },
  { lang: 'mr', label: 'मराठी' },
];

/** A plain click (no new tab or window asked for with a modifier key or the middle button). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * English / मराठी switch. Each choice is a link to this page with `?lng=` (the query the server
 * reads first), so it works from the first paint, before the page's code has run, and without
 * JavaScript. Once the code runs a click switches in place instead (fetching the translations if
 * needed) and the choice is stored (localStorage `i18nextLng` and the `i18next` cookie); a `lng`
 * already in the address is changed too, so that a reload keeps the choice. The links name the
 * path only: the prerendered HTML, drawn without the visitor's query, must match what hydrates.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const { lang, setLanguage } = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // On a slow connection the other language's translations take a moment: show the choice at once.
  const [pending, setPending] = useState<Language | null>(null);
  const shown = pending ?? lang;
  const choose = (event: MouseEvent, next: Language) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (next === lang) return;
    setPending(next);
    const query = new URLSearchParams(search);
    if (query.has('lng')) {
      query.set('lng', next);
      void navigate({ pathname, search: `?${query}`, hash }, { replace: true, preventScrollReset: true });
    }
    void setLanguage(next).finally(() => setPending(null));
  };
  return (
    <div className={styles.selector} role="group" aria-label={t('Language')} aria-busy={pending ? true : undefined}>
      {choices.map((choice) => (
        <a
          key={choice.lang}
          href={`${pathname}?lng=${choice.lang}`}
          lang={choice.lang}
          hrefLang={choice.lang}
          className={styles.option}
          aria-current={shown === choice.lang ? 'true' : undefined}
          onClick={(event) => choose(event, choice.lang)}
        >
          {choice.label}
        </a>
      ))}
    </div>
  );
}
