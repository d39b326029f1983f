import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { i18nKey } from '@/lib/text';
import { AdminPage } from './AdminPage';
import styles from './AdminComingSoon.module.css';

/** A section whose list a later piece of work builds. `title` and `backTo.label` are i18n keys. */
export default function AdminComingSoon({ title, backTo }: { title: string; backTo?: { to: string; label: string } }) {
  const { t } = useTranslation();
  const back = backTo ?? { to: paths.adminDashboard, label: i18nKey('Back to the dashboard') };
  return (
    <AdminPage title={t(title)}>
      <div className={styles.panel}>
        <p>{t('This section is being prepared. It will be available soon.')}</p>
        <Link to={back.to}>{t(back.label)}</Link>
      </div>
    </AdminPage>
  );
}
