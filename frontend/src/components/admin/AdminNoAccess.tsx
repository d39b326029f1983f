import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { AdminPage } from './AdminPage';
import styles from './AdminNoAccess.module.css';

/**
 * A section the administrator's roles do not open (docs/DESIGN.md §10): reached by its address,
 * or refused with 403 while it was open (an owner changed the roles). Not an error and not a
 * redirect: a plain statement with the way back.
 */
export function AdminNoAccess() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('You do not have access to this section')}>
      <div className={styles.panel} data-testid="no-access">
        <p>{t('Your roles do not include this section. An owner of the dashboard can change your roles.')}</p>
        <Link to={paths.adminDashboard}>{t('Back to the dashboard')}</Link>
      </div>
    </AdminPage>
  );
}
