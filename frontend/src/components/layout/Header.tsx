import { Link } from 'react-router';
import { useSite } from '@/lib/siteContent';
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
  const { name, address } = useSite().organisation;
  return (
    <header>
      <TopStrip />
      <div className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <Link to="/" className={styles.brand}>
            <img src="/images/logo.svg" alt="" width="72" height="72" className={styles.logo} />
            <span className={styles.names}>
              <span lang="mr" className={styles.nameMr}>
                {name.mr}
              </span>
              <span lang="te" className={styles.nameTe}>
                {name.te}
              </span>
              <span lang="en" className={styles.nameEn}>
                {name.en}
              </span>
            </span>
          </Link>
          <div className={styles.side}>
            <address className={styles.address}>{address[lang]}</address>
            <LanguageSelector />
          </div>
        </div>
      </div>
    </header>
  );
}
