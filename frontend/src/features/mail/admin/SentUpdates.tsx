/**
 * The updates already sent, newest first, each with how far its sending has got: a bar of the
 * recipients done and, in words, how many were sent, failed and are still waiting.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAdminDate } from '@/components/admin/AdminTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { useLanguage } from '@/lib/useLanguage';
import type { Update } from './api';
import styles from './AdminUpdates.module.css';

function UpdateProgress({ update }: { update: Update }) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const textId = useId();
  const { recipients, sent, failed, waiting } = update;
  if (recipients === 0) return <p className={styles.progressText}>{t('There was no confirmed subscriber to send it to.')}</p>;
  return (
    <div className={styles.progress}>
      <progress className={styles.bar} max={recipients} value={sent + failed} aria-label={t('Sending progress')} aria-describedby={textId} />
      <p id={textId} className={styles.progressText}>
        {t('{{sent}} of {{recipients}} sent, {{failed}} failed, {{waiting}} waiting', {
          sent: digits(sent),
          recipients: digits(recipients),
          failed: digits(failed),
          waiting: digits(waiting),
        })}
        {waiting === 0 ? ` · ${t('Finished')}` : ''}
      </p>
    </div>
  );
}

type Props = { updates: Update[] | null; failed: boolean; onRetry: () => void };

export function SentUpdates({ updates, failed, onRetry }: Props) {
  const { t } = useTranslation();
  const { lang } = useLanguage();

  let body;
  if (updates === null) body = failed ? <LoadProblem onRetry={onRetry} /> : <Loading />;
  else if (updates.length === 0) body = <EmptyState message={t('No update has been sent yet.')} />;
  else {
    body = (
      <ul className={styles.updates}>
        {updates.map((update) => (
          <li key={update.id} className={`form-card form-card-outlined ${styles.update}`}>
            <h3 className={styles.updateTitle} lang="en">
              {update.subject.en}
            </h3>
            <p className={styles.updateSubject} lang="mr">
              {update.subject.mr}
            </p>
            <p className={styles.meta}>
              <time dateTime={update.created_at}>{formatAdminDate(update.created_at, lang)}</time> · {t('by {{email}}', { email: update.created_by })}
            </p>
            <UpdateProgress update={update} />
            <details className={styles.plain}>
              <summary>{t('Show the message')}</summary>
              <div className={styles.bodies}>
                <p lang="en" className={styles.bodyText}>
                  {update.body.en}
                </p>
                <p lang="mr" className={styles.bodyText}>
                  {update.body.mr}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="sent-updates-title" className={styles.sent}>
      <h2 id="sent-updates-title" className={styles.sectionTitle}>
        {t('Updates sent')}
      </h2>
      {/* A reload that failed while the list is shown: said, and the list kept. */}
      {updates !== null && failed ? <LoadProblem onRetry={onRetry} /> : null}
      {body}
    </section>
  );
}
