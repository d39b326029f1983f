import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { site } from '@/config/site';
import { useLanguage } from '@/lib/useLanguage';
import { LanguageSelector } from './LanguageSelector';
import styles from './Header.module.css';

/** Logo, the organisation's name in Marathi, Telugu and English, address, language selector. */
export function Header() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Link to="/" className={styles.brand} aria-label={t('Home')}>
          <img src="/images/logo.svg" alt="" width="72" height="72" className={styles.logo} />
          <span className={styles.names}>
            <span lang="mr" className={styles.nameMr}>
              {site.name.mr}
            </span>
            <span lang="te" className={styles.nameTe}>
              {site.name.te}
            </span>
            <span lang="en" className={styles.nameEn}>
              {site.name.en}
            </span>
          </span>
        </Link>
        <div className={styles.side}>
          <address className={styles.address}>{site.address[lang]}</address>
          <LanguageSelector />
        </div>
      </div>
    </header>
  );
}
