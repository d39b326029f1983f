import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import styles from './UploadProgress.module.css';

type Props = {
  /** The share of the body sent, 0..1 (lib/upload.ts reports it). */
  sent: number;
  /** The bar's accessible name (already translated). */
  label: string;
  id?: string;
  className?: string;
};

/** An upload's progress bar with '40% sent', then 'Processing…' while the server stores the files. */
export function UploadProgress({ sent, label, id, className }: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const percent = Math.round(sent * 100);
  return (
    <div id={id} className={[styles.row, className ?? ''].filter(Boolean).join(' ')}>
      <progress className={styles.bar} max={100} value={percent} aria-label={label} />
      <span className={styles.text} aria-live="polite">
        {sent >= 1 ? t('Processing…') : t('{{percent}}% sent', { percent: digits(percent) })}
      </span>
    </div>
  );
}
