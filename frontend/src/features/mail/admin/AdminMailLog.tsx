/**
 * /admin/dashboard/mail (role `communications`, docs/DESIGN.md §14): the send log. Whether mail
 * is set up (else what turns it on), the outbox's counts (waiting, sent, failed), who the
 * messages come from and how fast they go, then every message the site has written, newest
 * first, on the shared AdminTable: search, the status and kind filters, paging; each row's
 * recipient (and language), subject and kind, status (in words and colour) with its attempts and
 * last error, and dates, and "Send again" on a failed one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { SelectField } from '@/components/ui/TextField';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useLoaded } from '@/lib/useLoaded';
import { loadMailMessages, loadMailStatus, retryMessage, type MailKind, type MailMessage, type MailState, type MailStatus } from './api';
import { kindLabels, mailKinds, mailStates, stateLabels } from './mailText';
import { MailNotConfigured } from './MailNotConfigured';
import { MailStateText } from './MailStateText';
import styles from './Mail.module.css';

const RETRY_FAILED = i18nKey('The message could not be queued again. Please try again.');

/** The outbox's counts and the sender, or why they are not shown. */
function MailSummary({ status, failed, onRetry }: { status: MailStatus | null; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  if (failed) return <LoadProblem onRetry={onRetry} />;
  if (status === null) return <Loading />;
  const counts = [
    { state: 'waiting' as const, value: status.waiting + status.sending },
    { state: 'sent' as const, value: status.sent },
    { state: 'failed' as const, value: status.failed },
  ];
  return (
    <>
      {status.configured ? null : <MailNotConfigured />}
      <ul className={styles.summary}>
        {counts.map(({ state, value }) => (
          <li key={state} className={`form-card form-card-outlined ${styles.count}`}>
            <span className={styles.countLabel}>
              <MailStateText state={state} />
            </span>
            <span className={styles.countValue}>{digits(value)}</span>
          </li>
        ))}
      </ul>
      {status.from ? (
        <p className={styles.sender}>
          {status.rate_per_minute
            ? t('Sent from {{from}}, at most {{rate}} messages a minute.', { from: status.from, rate: digits(status.rate_per_minute) })
            : t('Sent from {{from}}.', { from: status.from })}
        </p>
      ) : null}
    </>
  );
}

export default function AdminMailLog() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const status = useLoaded(loadMailStatus, 'the mail status');
  const [state, setState] = useState<MailState | ''>('');
  const [kind, setKind] = useState<MailKind | ''>('');
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [retrying, setRetrying] = useState<number | null>(null);

  const refresh = () => {
    status.reload();
    setReloadKey((key) => key + 1);
  };

  const retry = async (row: MailMessage) => {
    setNotice(null);
    setRetrying(row.id);
    const outcome = await retryMessage(row.id);
    setRetrying(null);
    if (outcome.ok) {
      setNotice({ kind: 'success', text: t('The message to {{recipient}} will be sent again.', { recipient: row.recipient }) });
    } else {
      setNotice({ kind: 'error', text: t(outcome.status === 409 && outcome.error ? outcome.error : RETRY_FAILED) });
    }
    refresh();
  };

  const date = (iso: string) => (
    <time dateTime={iso} className={styles.nowrap}>
      {formatAdminDate(iso, lang)}
    </time>
  );

  // Four columns, each a short stack of values, so that the log stays a table beside the sidebar.
  const columns: Array<AdminColumn<MailMessage>> = [
    {
      key: 'recipient',
      header: t('Recipient'),
      cell: (row) => (
        <div className={styles.stack}>
          <span className={styles.recipient}>{row.recipient}</span>
          <span className={styles.detail}>{row.lang === 'mr' ? t('In Marathi') : t('In English')}</span>
        </div>
      ),
      sortable: true,
    },
    {
      key: 'subject',
      header: t('Subject'),
      cell: (row) => (
        <div className={styles.stack}>
          <span lang={row.lang}>{row.subject}</span>
          <span className={styles.detail}>{t(kindLabels[row.kind])}</span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('Status'),
      sortable: true,
      cell: (row) => (
        <div className={styles.stack}>
          <MailStateText state={row.status} />
          <span className={styles.detail}>
            {t('Attempts')}: {digits(row.attempts)}
          </span>
          {row.last_error ? (
            <span className={styles.detail}>
              {t('Last error')}:{' '}
              {/* The mail server's own words, in English. */}
              <span lang="en" className={styles.error}>
                {row.last_error}
              </span>
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'created_at',
      header: t('Dates'),
      sortable: true,
      cell: (row) => (
        <div className={styles.stack}>
          <span>
            {t('Written')}: {date(row.created_at)}
          </span>
          {row.sent_at ? (
            <span className={styles.detail}>
              {t('Sent')}: {date(row.sent_at)}
            </span>
          ) : null}
          {row.status === 'waiting' && row.attempts > 0 ? (
            <span className={styles.detail}>
              {t('Next attempt')}: {date(row.next_attempt_at)}
            </span>
          ) : null}
        </div>
      ),
    },
  ];

  const filtered = state !== '' || kind !== '';

  return (
    <AdminPage title={t('Send log')} intro={t('Every e-mail the site sends is written here first, then sent; a failed one can be sent again.')}>
      <section aria-labelledby="mail-summary-title" className={styles.outbox}>
        <h2 id="mail-summary-title" className={styles.sectionTitle}>
          {t('Outbox')}
        </h2>
        <MailSummary status={status.data} failed={status.failed} onRetry={status.reload} />
      </section>

      <AdminNotice notice={notice} />

      <div className={styles.filters}>
        <SelectField
          label={t('Status')}
          value={state}
          onChange={(event) => setState(event.target.value as MailState | '')}
          options={[{ value: '', label: t('All') }, ...mailStates.map((value) => ({ value, label: t(stateLabels[value]) }))]}
        />
        <SelectField
          label={t('Kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as MailKind | '')}
          options={[{ value: '', label: t('All') }, ...mailKinds.map((value) => ({ value, label: t(kindLabels[value]) }))]}
        />
        <Button variant="secondary" size="sm" className={styles.refresh} onClick={refresh}>
          {t('Refresh')}
        </Button>
      </div>

      <AdminTable
        label={t('Send log')}
        columns={columns}
        load={loadMailMessages}
        filters={{ status: state, kind }}
        reloadKey={reloadKey}
        defaultSort="-created_at"
        emptyMessage={filtered ? t('No messages match the filters.') : t('No e-mail has been written yet.')}
        noMatchMessage={t('No messages match the filters.')}
        rowLabel={(row) => row.recipient}
        rowActions={(row) =>
          row.status === 'failed' ? (
            <Button
              size="sm"
              variant="secondary"
              busy={retrying === row.id}
              disabled={retrying !== null}
              aria-label={`${t('Send again')}: ${row.recipient}`}
              onClick={() => void retry(row)}
            >
              {t('Send again')}
            </Button>
          ) : null
        }
      />
    </AdminPage>
  );
}
