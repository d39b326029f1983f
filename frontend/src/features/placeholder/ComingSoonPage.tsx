import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { capitalise } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import styles from './ComingSoonPage.module.css';

/** Stand-in for a page that a later piece of work builds. `title` is an i18n key. */
export default function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const heading = capitalise(t(title));
  usePageTitle(heading);
  return (
    <div className="container page">
      <div className={styles.card}>
        <img src="/images/logo.svg" alt="" width="72" height="72" />
        <h1>{heading}</h1>
        <p>{t('This page is being prepared. Please visit again soon.')}</p>
        <Link to={paths.home}>{t('Back to home')}</Link>
      </div>
    </div>
  );
}
