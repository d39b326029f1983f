import { useTranslation } from 'react-i18next';
import type { MailState } from './api';
import { stateLabels } from './mailText';
import styles from './Mail.module.css';

const marks: Record<MailState, string> = { waiting: '○', sending: '↻', sent: '✓', failed: '✕' };

/** A message's status: its word in its colour, after a mark (so never the colour alone). */
export function MailStateText({ state }: { state: MailState }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.state} ${styles[state]}`}>
      <span aria-hidden="true">{marks[state]}</span>
      {t(stateLabels[state])}
    </span>
  );
}
