import { useTranslation } from 'react-i18next';
import { site } from '@/config/site';
import { useSite } from '@/lib/siteContent';
import { useLanguage } from '@/lib/useLanguage';
import styles from './TopStrip.module.css';

/** Established year, the devotional line (always Marathi) and the registration number. */
export function TopStrip() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const { organisation } = useSite();
  return (
    <div className={styles.strip}>
      <div className={`container ${styles.inner}`}>
        <span>{t('Established {{year}}', { year: digits(site.established) })}</span>
        <span lang="mr" className={styles.devotional}>
          {organisation.devotional_line}
        </span>
        <span>{t('Reg. No. {{number}}', { number: site.registrationNumber })}</span>
      </div>
    </div>
  );
}
