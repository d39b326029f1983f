import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { kinds, type BookingKind } from '../kinds';
import { BookingForm } from './BookingForm';
import styles from './BookingPage.module.css';

/** One of the four booking pages under /onlineServices. */
export default function BookingPage({ kind }: { kind: BookingKind }) {
  const { t } = useTranslation();
  const title = pageTitle(kinds[kind].path, t);
  usePageTitle(title);
  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      <p>{t('Fill in the form; your confirmation (PDF) downloads when the booking is made.')}</p>
      <BookingForm key={kind} kind={kind} />
    </div>
  );
}
