/**
 * The server's preview of an update: the very messages subscribers will get, one language at a
 * time. The HTML message is drawn in a sandboxed frame (no scripts, no access to the dashboard)
 * at a phone's width; the plain-text version folds out under it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdatePreview } from './api';
import styles from './AdminUpdates.module.css';

const languages = [
  { value: 'en', label: 'English' },
  { value: 'mr', label: 'मराठी' },
] as const;

type Language = (typeof languages)[number]['value'];

export function UpdatePreviewPanel({ preview, stale }: { preview: UpdatePreview; stale: boolean }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('en');
  const heading = useRef<HTMLHeadingElement>(null);
  const mail = preview[language];

  // A new preview is announced and brought into view.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [preview]);

  return (
    <section aria-labelledby="update-preview-title" className={`form-card form-card-outlined ${styles.card}`}>
      <h2 id="update-preview-title" ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {t('Preview')}
      </h2>
      <p className={styles.intro}>{t('The messages exactly as subscribers will get them: each gets the one in the language they subscribed in.')}</p>
      {stale ? <p className={styles.stale}>{t('The text has changed since this preview. Press Preview again to see the new one.')}</p> : null}
      <fieldset className={styles.languageChoice}>
        <legend>{t('Language')}</legend>
        {languages.map((option) => (
          <label key={option.value} className={styles.radio} lang={option.value}>
            <input type="radio" name="update-preview-language" value={option.value} checked={language === option.value} onChange={() => setLanguage(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p className={styles.subjectLine}>
        <span className={styles.subjectLabel}>{t('Subject')}:</span> <span lang={language}>{mail.subject}</span>
      </p>
      <div className={styles.phone}>
        <iframe
          // A new document for each language, never scripts: `sandbox` with nothing allowed.
          key={language}
          className={styles.frame}
          title={language === 'en' ? t('The message in English') : t('The message in Marathi')}
          sandbox=""
          srcDoc={mail.html}
          width={360}
          height={560}
        />
      </div>
      <details className={styles.plain}>
        <summary>{t('The plain-text version')}</summary>
        <pre lang={language} className={styles.plainText}>
          {mail.text}
        </pre>
      </details>
    </section>
  );
}
