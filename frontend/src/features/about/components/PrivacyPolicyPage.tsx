import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { privacySections } from '../privacy';
import styles from './About.module.css';

export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const title = pageTitle(paths.privacyPolicy, t);
  usePageTitle(title);
  const { hash } = useLocation();
  // A link to one section (e.g. the matrimonial terms) scrolls to it.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  return (
    <div className={`container page ${styles.policy}`}>
      <h1>{title}</h1>
      <p className={styles.updated}>{t('Last updated: June 2025')}</p>
      {privacySections.map((section, i) => (
        <section key={i} id={section.id} lang={lang} aria-labelledby={`privacy-${i}`}>
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
