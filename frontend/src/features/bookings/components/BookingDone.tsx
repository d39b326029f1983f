import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { saveBlob } from '@/lib/download';
import { checkUrl } from '../checkUrl';
import { kinds, type BookingKind } from '../kinds';
import styles from './BookingDone.module.css';

export type Done = { reference: string; code: string; fileName: string; pdf: Blob };

/** After a booking: the message, the reference, the PDF again and a WhatsApp share link. */
export function BookingDone({ kind, done, onAnother }: { kind: BookingKind; done: Done; onAnother: () => void }) {
  const { t } = useTranslation();
  const url = checkUrl(done.reference, done.code);
  const share = t('My booking is confirmed. Booking reference: {{reference}}. Check it here: {{url}}', { reference: done.reference, url });
  const checkLink = done.code ? `${paths.bookingCheckOf(done.reference)}?code=${encodeURIComponent(done.code)}` : null;

  return (
    <section className={styles.done} aria-labelledby="booking-done-title">
      <h2 id="booking-done-title" className={styles.title} role="status">
        {t(kinds[kind].success)}
      </h2>
      <p>{t('Your confirmation has been downloaded.')}</p>
      <p className={styles.referenceLabel}>{t('Booking reference')}</p>
      <p className={styles.reference} data-testid="booking-reference" lang="zxx" translate="no">
        {done.reference}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => saveBlob(done.pdf, done.fileName)}>{t('Download again')}</Button>
        <a className={styles.whatsapp} href={`https://wa.me/?text=${encodeURIComponent(share)}`} target="_blank" rel="noopener noreferrer">
          {t('Share on WhatsApp')}
        </a>
        {checkLink ? (
          <Link className={styles.link} to={checkLink}>
            {t('Check booking')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onAnother}>
          {t('Make another booking')}
        </Button>
      </div>
    </section>
  );
}
