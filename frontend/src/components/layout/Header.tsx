import { Link } from 'react-router';
import { site } from '@/config/site';
import { useLanguage } from '@/lib/useLanguage';
import { LanguageSelector } from './LanguageSelector';
import { TopStrip } from './TopStrip';
import styles from './Header.module.css';

/**
 * The banner landmark: the top strip, then the logo, the organisation's name in Marathi,
 * Telugu and English, the address and the language selector.
 */
export function Header() {
  const { lang } = useLanguage();
  return (
    <header>
      <TopStrip />
      <div className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <Link to="/" className={styles.brand}>
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
      </div>
    </header>
  );
}
