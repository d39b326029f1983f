import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';
import styles from './ConfirmDialog.module.css';

type Props = {
  open: boolean;
  /** The question (already translated), e.g. t('Delete this subscriber?'). */
  message: string;
  /** The record the question is about: its name, e-mail, date… (already formatted; empty ones left out). */
  details?: Array<string | null | undefined>;
  onConfirm: () => void;
  onCancel: () => void;
  /** Label of the confirming button (already translated); default "Delete". */
  confirmLabel?: string;
  /** Label of the button that keeps things as they are (already translated), e.g. "Keep profile"; default "Cancel". */
  cancelLabel?: string;
  busy?: boolean;
};

/** Asks before a destructive action, naming the record it is about; Cancel has the focus first. */
export function ConfirmDialog({ open, message, details, onConfirm, onCancel, confirmLabel, cancelLabel, busy }: Props) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const shown = (details ?? []).filter((detail): detail is string => Boolean(detail && detail.trim()));
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('Please confirm')}
      initialFocus={cancelRef}
      showClose={false}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            {cancelLabel ?? t('Cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('Delete')}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {shown.length > 0 ? (
        <ul className={styles.record}>
          {shown.map((detail, index) => (
            <li key={index} className={index === 0 ? styles.recordName : undefined}>
              {detail}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
