import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Loading } from '@/components/ui/Loading';
import { formatTime } from '@/lib/dates';
import { usePageTitle } from '@/lib/usePageTitle';
import { useLanguage } from '@/lib/useLanguage';
import { checkBooking, type CheckResult } from '../api';
import { kinds } from '../kinds';
import { BookingDate } from './BookingDate';
import styles from './BookingCheckPage.module.css';

/** /booking/:reference?code=… — what the temple office sees after scanning the QR code. */
export default function BookingCheckPage() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { reference = '' } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const [result, setResult] = useState<CheckResult | null>(null);
  usePageTitle(t('Booking check'));

  useEffect(() => {
    let live = true;
    setResult(null);
    checkBooking(reference, code).then((found) => {
      if (live) setResult(found);
    });
    return () => {
      live = false;
    };
  }, [reference, code]);

  return (
    <div className={`container page ${styles.page}`}>
      <h1>{t('Booking check')}</h1>
      <p className={styles.reference} lang="zxx" translate="no">
        {reference}
      </p>
      {result === null ? (
        <Loading />
      ) : result.ok ? (
        <section className={result.booking.status === 'confirmed' ? styles.confirmed : styles.cancelled} aria-label={t('Booking status')}>
          <p className={styles.status}>{result.booking.status === 'confirmed' ? t('Confirmed') : t('Cancelled')}</p>
          <dl className={styles.details}>
            <dt>{t('Booking')}</dt>
            <dd>{t(kinds[result.booking.kind]?.title ?? result.booking.kind)}</dd>
            <dt>{result.booking.end_date ? t('Check-in date') : t('Date')}</dt>
            <dd>
              <BookingDate date={result.booking.date} />
            </dd>
            {result.booking.end_date ? (
              <>
                <dt>{t('Check-out date')}</dt>
                <dd>
                  <BookingDate date={result.booking.end_date} />
                </dd>
              </>
            ) : null}
            {result.booking.time ? (
              <>
                <dt>{t('Time')}</dt>
                <dd>{formatTime(result.booking.time, lang)}</dd>
              </>
            ) : null}
            <dt>{t('Name')}</dt>
            <dd lang="und">{result.booking.first_name}</dd>
          </dl>
        </section>
      ) : (
        <p className={styles.missing} role="alert">
          {result.status === 429 ? t('Too many attempts. Please try again later.') : t('No booking found for this reference and code.')}
        </p>
      )}
    </div>
  );
}
