import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { navigation, paths } from '@/config/paths';
import { site } from '@/config/site';
import { useSite } from '@/lib/siteContent';
import { capitalise } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useToday } from '@/lib/useToday';
import { SocialLinks } from './SocialLinks';
import styles from './Footer.module.css';

/** Shown only on the home page (docs/SPECIFICATION.md §2). */
export function Footer() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const year = useToday().slice(0, 4);
  const { short_name: shortName, address } = useSite().organisation;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {shortName[lang]}
          </h2>
          <address className={styles.address}>{address[lang]}</address>
          <p className={styles.small}>
            {t('Established {{year}}', { year: digits(site.established) })} · {t('Reg. No. {{number}}', { number: site.registrationNumber })}
          </p>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            {t('Quick links')}
          </h2>
          <ul className={styles.links}>
            {navigation
              .filter((entry) => entry.to !== paths.home)
              .map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to}>{capitalise(t(entry.label))}</Link>
                </li>
              ))}
            <li>
              <Link to={paths.privacyPolicy}>{t('Privacy Policy')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className={styles.heading}>
            {t('Follow us')}
          </h2>
          <SocialLinks variant="dark" />
        </section>
      </div>
      <p className={styles.copy}>
        © {digits(year)} {shortName[lang]}. {t('All rights reserved.')}
      </p>
    </footer>
  );
}
