/**
 * /admin/dashboard/backup (owners, docs/DESIGN.md §13): what a backup holds and how to keep it,
 * "Download a backup now" (a fresh backup of the whole site, saved under the server's file name;
 * it may take a minute or two, so the button says it is preparing it), the schedule of automatic
 * backups (or, when none is set, the settings that turn it on), and the backups the schedule
 * kept, newest first, each downloadable. Times in India time and sizes in the page's language.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminPage } from '@/components/admin/AdminPage';
import { Button } from '@/components/ui/Button';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import type { DownloadOutcome } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useLoaded } from '@/lib/useLoaded';
import { downloadFreshBackup, downloadKeptBackup, loadBackups, type BackupStatus, type KeptBackup } from './api';
import { newestFirst, scheduleText, sizeText } from './backupText';
import styles from './AdminBackup.module.css';

/** The server's refusals, by status (docs/DESIGN.md §13); their English texts are the server's own. */
const BUSY = i18nKey('A backup is being taken already; please try again in a minute');
const STORAGE_DOWN = i18nKey('File storage unavailable, please try again');
const FRESH_FAILED = i18nKey('The backup could not be prepared. Please try again later; if it keeps failing, tell whoever runs the server.');
const KEPT_FAILED = i18nKey('The backup could not be downloaded. Please try again later.');
const KEPT_GONE = i18nKey('This backup is no longer kept; the list has been brought up to date.');

/** What is being downloaded: a fresh backup, or a kept one by its name. */
type Busy = { fresh: true } | { fresh: false; name: string } | null;

export default function AdminBackup() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const { data: status, failed, reload } = useLoaded<BackupStatus>(loadBackups, 'the backups');
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);


  const kept = useMemo(() => (status ? newestFirst(status.kept) : []), [status]);

  /** Runs one download at a time and says how it went. */
  const download = async (what: NonNullable<Busy>, run: () => Promise<DownloadOutcome>) => {
    setBusy(what);
    setNotice(null);
    const outcome = await run();
    setBusy(null);
    if (outcome.ok) {
      setNotice({ kind: 'success', text: t('File downloaded: {{name}}', { name: outcome.name }) });
      return;
    }
    if (outcome.status === 503) {
      setNotice({ kind: 'error', text: t(STORAGE_DOWN) });
    } else if (what.fresh) {
      setNotice({ kind: 'error', text: t(outcome.status === 409 ? BUSY : FRESH_FAILED) });
    } else if (outcome.status === 404) {
      setNotice({ kind: 'error', text: t(KEPT_GONE) });
      reload();
    } else {
      setNotice({ kind: 'error', text: t(KEPT_FAILED) });
    }
  };

  const takenAt = (backup: KeptBackup) => formatDateTime(backup.taken_at, lang);

  let schedule;
  if (failed) {
    schedule = <LoadProblem onRetry={reload} />;
  } else if (status === null) {
    schedule = <Loading />;
  } else if (status.schedule === null) {
    schedule = (
      <div className={styles.unset}>
        <p className={styles.unsetTitle}>{t('No automatic backups are set up.')}</p>
        <p>{t('Whoever runs the server can turn them on with these settings:')}</p>
        <ul className={styles.settings}>
          <li>
            <code lang="zxx" translate="no">
              SAMITI_BACKUP_DIR
            </code>
            : {t('the folder to keep them in, best on another disk')}
          </li>
          <li>
            <code lang="zxx" translate="no">
              SAMITI_BACKUP_EVERY
            </code>
            : {t('how often to take one, for example 24h')}
          </li>
        </ul>
        <p>{t('Until then, download a backup here now and then.')}</p>
      </div>
    );
  } else {
    schedule = (
      <>
        <p className={styles.scheduleLine}>{scheduleText(status.schedule, t, digits)}</p>
        {status.schedule.off_site ? null : <p>{t('These copies are on the same computer as the site: download one now and then and keep it elsewhere.')}</p>}
      </>
    );
  }

  let keptList = null;
  if (status && (status.schedule !== null || kept.length > 0)) {
    keptList =
      kept.length === 0 ? (
        <p className={styles.empty}>{t('No backup has been kept yet.')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('Kept backups, newest first')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Taken on')}</th>
              <th scope="col">{t('Size')}</th>
              <th scope="col" className={styles.actionsHead}>
                {t('Actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {kept.map((backup) => {
              const downloading = busy !== null && !busy.fresh && busy.name === backup.name;
              return (
                <tr key={backup.name}>
                  <td data-label={t('Taken on')}>
                    <time dateTime={backup.taken_at}>{takenAt(backup)}</time>
                  </td>
                  <td data-label={t('Size')} className={styles.size}>
                    {sizeText(backup.bytes, t, digits)}
                  </td>
                  <td className={styles.actions}>
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={downloading}
                      disabled={busy !== null}
                      aria-label={t('Download the backup taken on {{time}}', { time: takenAt(backup) })}
                      onClick={() => void download({ fresh: false, name: backup.name }, () => downloadKeptBackup(backup.name))}
                    >
                      {downloading ? t('Downloading…') : t('Download')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      );
  }

  const preparing = busy?.fresh === true;

  return (
    <AdminPage
      title={t('Backups')}
      intro={t('A backup is a copy of the whole site in one file. With it, the site can be brought back as it was if its computer fails or is lost.')}
    >
      <section aria-labelledby="backup-holds-title" className={`form-card form-card-outlined ${styles.card}`}>
        <h2 id="backup-holds-title" className={styles.cardTitle}>
          {t('What a backup holds')}
        </h2>
        <p>
          {t(
            'Everything the site keeps: every list (bookings, families, matrimonial profiles, contacts, subscribers, notifications, administrators), every uploaded photo and file, and the site content.',
          )}
        </p>
        <h3 className={styles.subTitle}>{t('Keep it safe')}</h3>
        <ul className={styles.points}>
          <li>{t("Keep a copy somewhere other than the site's computer, such as a pen drive kept in the office: a copy on the same computer is lost with it.")}</li>
          <li>
            {t(
              'It holds personal data (names, addresses, mobile numbers, matrimonial profiles): store it where only trusted office bearers can open it, and do not send it by e-mail or WhatsApp.',
            )}
          </li>
          <li>{t('To bring the site back from a backup, give the file to whoever runs the server.')}</li>
        </ul>
      </section>

      <section aria-labelledby="backup-now-title" className={`form-card form-card-outlined ${styles.card}`}>
        <h2 id="backup-now-title" className={styles.cardTitle}>
          {t('Take a backup now')}
        </h2>
        <p>{t('It takes from a few seconds to a minute or two on a large site. Keep this page open until the file is saved.')}</p>
        <div className={styles.nowButton}>
          <Button busy={preparing} disabled={busy !== null} onClick={() => void download({ fresh: true }, downloadFreshBackup)}>
            {preparing ? t('Preparing the backup…') : t('Download a backup now')}
          </Button>
        </div>
        <p role="status" aria-live="polite" className={styles.progress}>
          {preparing ? t('Preparing the backup…') : ''}
        </p>
        <AdminNotice notice={notice} />
      </section>

      <section aria-labelledby="backup-schedule-title" className={`form-card form-card-outlined ${styles.card}`}>
        <h2 id="backup-schedule-title" className={styles.cardTitle}>
          {t('Automatic backups')}
        </h2>
        {schedule}
        {keptList ? (
          <>
            <h3 className={styles.subTitle}>{t('Kept backups')}</h3>
            {keptList}
          </>
        ) : null}
      </section>
    </AdminPage>
  );
}
