import { useTranslation } from 'react-i18next';
import { UpdatesBanner } from '@/features/notifications/components/UpdatesBanner';
import { SubscribeBox } from '@/features/subscribers/components/SubscribeBox';
import { EventStrip } from '@/features/media/components/EventStrip';
import { usePageTitle } from '@/lib/usePageTitle';
import { RevealAnimation } from './RevealAnimation';
import { AdCarousel, MainCarousel } from './HomeCarousels';
import styles from './HomePage.module.css';

/** Home: reveal animation, updates banner, then carousels, subscription box and event posters. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle();
  return (
    <>
      <RevealAnimation />
      <div className={`container ${styles.home}`}>
        <h1 className="visually-hidden">{t('Home')}</h1>
        <UpdatesBanner />
        <div className={styles.grid}>
          <div className={styles.mainCol}>
            <MainCarousel />
          </div>
          <aside className={styles.sideCol} aria-label={t('Our sponsors')}>
            <AdCarousel />
          </aside>
          <div className={styles.bottom}>
            <SubscribeBox />
            <EventStrip />
          </div>
        </div>
      </div>
    </>
  );
}
