import { useTranslation } from 'react-i18next';
import styles from './Loading.module.css';

/** A spinner with the text "Loading..." (docs/SPECIFICATION.md §8), announced politely. */
export function Loading({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? styles.inline : styles.block} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('Loading...')}</span>
    </div>
  );
}

/** Only the spinner, for places where a text would not fit. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <span className={styles.spinner} role="status" aria-label={label ?? t('Loading...')} />;
}
