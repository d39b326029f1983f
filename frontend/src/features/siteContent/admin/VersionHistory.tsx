/**
 * The published versions, newest first: when and by whom, which one visitors see now, and
 * "Bring back", which makes an earlier version the draft again after a confirmation (it is on
 * the site once published).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAdminDate } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { useLanguage } from '@/lib/useLanguage';
import type { SiteVersion } from './api';
import styles from './AdminSiteContent.module.css';

type Props = {
  versions: SiteVersion[] | null;
  failed: boolean;
  onRetry: () => void;
  /** Brings the version back as the draft; resolves when the server has answered. */
  onRestore: (version: SiteVersion) => Promise<void>;
  /** The draft has changes not saved yet, which bringing a version back replaces. */
  dirty: boolean;
};

export function VersionHistory({ versions, failed, onRetry, onRestore, dirty }: Props) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const [asked, setAsked] = useState<SiteVersion | null>(null);
  const [busy, setBusy] = useState(false);

  const versionName = (version: SiteVersion) => t('Version {{number}}', { number: digits(version.id) });
  const published = (version: SiteVersion) =>
    t('Published on {{date}} by {{who}}', { date: formatAdminDate(version.published_at, lang), who: version.published_by });

  let list;
  if (failed) {
    list = <LoadProblem onRetry={onRetry} />;
  } else if (versions === null) {
    list = <Loading />;
  } else if (versions.length === 0) {
    list = <p className={styles.empty}>{t('Nothing has been published yet.')}</p>;
  } else {
    list = (
      <ol className={styles.versions}>
        {versions.map((version) => (
          <li key={version.id} className={styles.version}>
            <div className={styles.versionText}>
              <p className={styles.versionName}>
                {versionName(version)}
                {version.current ? <span className={styles.badge}>{t('On the site now')}</span> : null}
                {version.sample ? <span className={styles.badge}>{t('Sample content')}</span> : null}
              </p>
              <p className={styles.versionWhen}>{published(version)}</p>
            </div>
            <Button size="sm" variant="secondary" aria-label={`${t('Bring back')}: ${versionName(version)}`} onClick={() => setAsked(version)}>
              {t('Bring back')}
            </Button>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className={styles.part}>
      <h2 className={styles.partTitle}>{t('Published versions')}</h2>
      <p className={styles.partIntro}>{t('Every publication is kept. Bring one back to make it the draft again; visitors see it once it is published.')}</p>
      {list}
      <ConfirmDialog
        open={asked !== null}
        message={dirty ? t('Bring back this version as the draft? The changes you have not saved are lost.') : t('Bring back this version as the draft?')}
        details={asked ? [versionName(asked), published(asked)] : []}
        confirmLabel={t('Bring back')}
        busy={busy}
        onCancel={() => {
          if (!busy) setAsked(null);
        }}
        onConfirm={() => {
          if (!asked) return;
          setBusy(true);
          void onRestore(asked).finally(() => {
            setBusy(false);
            setAsked(null);
          });
        }}
      />
    </div>
  );
}
