import { useTranslation } from 'react-i18next';
import { deferred } from '@/lib/deferred';
import { usePageTitle } from '@/lib/usePageTitle';
import { RevealAnimation } from '@/features/home/components/RevealAnimation';
import { AdCarousel, MainCarousel } from '@/features/home/components/HomeCarousels';
import styles from './HomePage.module.css';

// Below the first screen: their code comes after the first screen's (lib/deferred.tsx). So does
// the updates banner's: its HTML is there at once, while its text is data that arrives later anyway.
const UpdatesBanner = deferred(() => import('@/features/notifications/components/UpdatesBanner').then((module) => module.UpdatesBanner));
const SubscribeBox = deferred(() => import('@/features/subscribers/components/SubscribeBox').then((module) => module.SubscribeBox));
const EventStrip = deferred(() => import('@/features/media/components/EventStrip').then((module) => module.EventStrip));

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
