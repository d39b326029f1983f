import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSite } from '@/lib/siteContent';
import { pageTitle } from '@/config/pageTitles';
import { RichText } from '@/components/ui/RichText';
import styles from './About.module.css';

/**
 * The privacy policy: the site content's `privacy` text. Its heading marked `{#matrimonial-terms}`
 * keeps that anchor, which the member sign-in links to (config/privacyTerms.ts).
 */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { privacy } = useSite();
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
      <RichText text={privacy[lang]} lang={lang} />
      <p>
        <Link to={paths.contact}>{t('Contact Us')}</Link>
      </p>
    </div>
  );
}
