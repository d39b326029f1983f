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
  /**
   * Label of the button that answers "no" and changes nothing (already translated); default
   * "Cancel". When the action is itself a cancel or a leave ("Cancel booking", "Leave without
   * saving"), name what this button keeps ("Keep booking", "Stay on this page"), so that the two
   * buttons never both read as "cancel".
   */
  dismissLabel?: string;
  busy?: boolean;
};

/** Asks before a destructive action, naming the record it is about; the button that changes nothing has the focus first. */
export function ConfirmDialog({ open, message, details, onConfirm, onCancel, confirmLabel, dismissLabel, busy }: Props) {
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
            {dismissLabel ?? t('Cancel')}
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
