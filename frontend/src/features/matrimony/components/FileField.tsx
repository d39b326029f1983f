import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { FieldFrame, useFieldIds } from '@/components/ui/TextField';
import { useLanguage } from '@/lib/useLanguage';
import styles from './CreateProfilePage.module.css';

type Props = {
  name: string;
  label: string;
  hint: string;
  accept: string;
  required?: boolean;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
  /** Shown under the chosen file (the photo's preview). */
  children?: ReactNode;
  /** What is stored now, shown while no file is chosen (the correction of a saved profile). */
  current?: ReactNode;
};

/** Size in KB or MB, in the page's digits. */
function useSize() {
  const { digits } = useLanguage();
  const { t } = useTranslation();
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? t('{{size}} MB', { size: digits((bytes / (1024 * 1024)).toFixed(1)) })
      : t('{{size}} KB', { size: digits(Math.max(1, Math.round(bytes / 1024))) });
}

/** A labelled file input with its hint and error tied to it, the chosen file's name and size, and Remove (or what is stored now). */
export function FileField({ name, label, hint, accept, required, file, error, disabled, onChoose, children, current }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { t } = useTranslation();
  const size = useSize();
  const ids = useFieldIds(undefined, error, hint);
  const chosen = file ? (
    <div className={styles.chosen}>
      <p className={styles.fileName}>
        <span>{file.name}</span> <span className={styles.size}>{size(file.size)}</span>
      </p>
      {children}
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        onClick={() => {
          // The input forgets the file too, so the same file may be chosen again.
          if (inputRef.current) inputRef.current.value = '';
          onChoose(null);
        }}
        aria-label={`${t('Remove')}: ${label}`}
      >
        {t('Remove')}
      </Button>
    </div>
  ) : current ? (
    <div className={styles.chosen}>
      <p className={styles.fileName}>{t('Stored now')}</p>
      {current}
    </div>
  ) : null;
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} required={required} extra={chosen}>
      <input
        ref={inputRef}
        id={ids.fieldId}
        name={name}
        type="file"
        accept={accept}
        className={styles.fileInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        required={required}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0] ?? null)}
      />
    </FieldFrame>
  );
}
