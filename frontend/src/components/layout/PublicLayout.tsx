import { Suspense, useEffect } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Loading } from '@/components/ui/Loading';
import { Header } from './Header';
import { Nav } from './Nav';
import { deferred } from '@/lib/deferred';
import styles from './PublicLayout.module.css';

// Only on the home page, below everything else: its code comes after the first screen's.
const Footer = deferred(() => import('./Footer').then((module) => module.Footer));

/** Scrolls to the top on every page change (not on hash links). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The site shell: top strip, header, navigation, the page, and the footer on / only. It is also
 * the router's HydrateFallback for its pages: on the first load of a page whose code is still on
 * its way there is no outlet yet, and the shell shows "Loading..." where the page will go (the
 * same component in both roles, so the shell stays mounted when the page arrives).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = useOutlet();
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('Skip to main content')}
      </a>
      <ScrollToTop />
      <Header />
      <Nav />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loading />}>{page ?? <Loading />}</Suspense>
      </main>
      {pathname === paths.home ? <Footer /> : null}
    </div>
  );
}
