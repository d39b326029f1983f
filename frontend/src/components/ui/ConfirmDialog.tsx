import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

type Props = {
  open: boolean;
  /** The question (already translated), e.g. t('Delete this subscriber?'). */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Label of the confirming button (already translated); default "Delete". */
  confirmLabel?: string;
  busy?: boolean;
};

/** Asks before a destructive action; Cancel has the focus first. */
export function ConfirmDialog({ open, message, onConfirm, onCancel, confirmLabel, busy }: Props) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
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
            {t('Cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('Delete')}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
