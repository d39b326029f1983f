import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './Matrimony.module.css';

/** Who sees what a family gives on the matrimonial forms (private by default). */
export function PrivacyNote() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className={styles.privacy} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.privacyTitle}>
        {t('Who sees your details')}
      </h2>
      <ul>
        <li>{t('Logged-in members see a profile only after an administrator has checked and uploaded it: the photo, the details and the biodata, never the email address or the mobile number.')}</li>
        <li>{t('Administrators of the Samiti see everything, including the email address and the mobile number.')}</li>
        <li>{t('Photos and biodata are never public: they open only through links that expire after a few minutes.')}</li>
      </ul>
      <p>
        <Link to={paths.privacyPolicy}>{t('Privacy Policy')}</Link>
      </p>
    </aside>
  );
}
