import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { FamilyForm } from './FamilyForm';
import styles from './FamilyRegistrationPage.module.css';

/** /onlineServices/memberRegistraion: a visitor registers the family with the Samiti. */
export default function FamilyRegistrationPage() {
  const { t } = useTranslation();
  const title = pageTitle(paths.memberRegistration, t);
  usePageTitle(title);
  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      <p className={styles.intro}>{t('Register your family with the Samiti.')}</p>
      <p className={styles.intro}>{t('Every field is required. Fill in the head of family first, then each member of the household.')}</p>
      <FamilyForm />
    </div>
  );
}
