import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { privacySections } from '../privacy';
import styles from './About.module.css';

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  usePageTitle(t('Privacy Policy'));
  return (
    <div className={`container page ${styles.policy}`}>
      <h1>{t('Privacy Policy')}</h1>
      <p className={styles.updated}>{t('Last updated: June 2025')}</p>
      {privacySections.map((section, i) => (
        <section key={i} lang={lang} aria-labelledby={`privacy-${i}`}>
          <h2 id={`privacy-${i}`}>{section.heading[lang]}</h2>
          <p>{section.body[lang]}</p>
        </section>
      ))}
      <p>
        <Link to={paths.contact}>{t('Contact Us')}</Link>
      </p>
    </div>
  );
}
