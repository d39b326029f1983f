/** The dashboard's first page: a welcome, the size of the main lists, and shortcuts. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listLoader, type AdminListFilters, type ListPath } from '@/lib/adminList';
import { useLanguage } from '@/lib/useLanguage';
import { i18nKey } from '@/lib/text';
import { useAdminIdentity } from '@/lib/adminAccess';
import { adminSectionPath, sectionsFor, type AdminSection } from '@/config/adminSections';
import { AdminPage } from './AdminPage';
import styles from './AdminHome.module.css';

/** One card: the size of a list (optionally filtered, e.g. the profiles awaiting approval). */
type Stat = { key: string; section: string; label: string; list: ListPath; query?: AdminListFilters; hint: string };

const stats: Stat[] = [
  { key: 'notifications', section: 'notifications', label: i18nKey('Notifications'), list: '/notifications', hint: i18nKey('Shown in the banner on the home page.') },
  { key: 'contacts', section: 'contacts', label: i18nKey('Contacts'), list: '/api/contacts', hint: i18nKey('Messages sent through the contact page.') },
  { key: 'subscribers', section: 'subscribers', label: i18nKey('Subscribers'), list: '/api/subscribers', hint: i18nKey('People who asked for event updates.') },
  { key: 'heads', section: 'heads', label: i18nKey('Family Details'), list: '/api/heads', hint: i18nKey('Families registered through the member registration form.') },
  { key: 'bookings', section: 'bookings', label: i18nKey('Alandi Room Bookings'), list: '/api/bookings', hint: i18nKey('Rooms booked at the Alandi pilgrim lodge.') },
  { key: 'profiles', section: 'profiles', label: i18nKey('Matrimonial Profiles'), list: '/api/profile/profiles', hint: i18nKey('Profiles registered for the matrimonial board.') },
  {
    key: 'profiles-pending',
    section: 'profiles',
    label: i18nKey('Profiles awaiting approval'),
    list: '/api/profile/profiles',
    query: { status: 'pending' },
    hint: i18nKey('Not yet uploaded to the Matches gallery.'),
  },
];

const counters = Object.fromEntries(stats.map((s) => [s.key, listLoader(s.list)]));

/** The card's section, opened with the card's filter chosen (e.g. `?status=pending`). */
function sectionLink(stat: Stat) {
  const filters = Object.entries(stat.query ?? {}).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]]));
  const search = new URLSearchParams(filters).toString();
  return { pathname: adminSectionPath(stat.section), search: search ? `?${search}` : '' };
}

function useCount(stat: Stat): number | null | 'error' {
  const [count, setCount] = useState<number | null | 'error'>(null);
  useEffect(() => {
    const controller = new AbortController();
    counters[stat.key]({ ...stat.query, page: 1, per_page: 1 }, controller.signal).then(
      (page) => !controller.signal.aborted && setCount(page.total),
      () => !controller.signal.aborted && setCount('error'),
    );
    return () => controller.abort();
  }, [stat]);
  return count;
}

function StatCard({ stat }: { stat: Stat }) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const count = useCount(stat);
  return (
    <li className={styles.card}>
      <Link to={sectionLink(stat)} className={`form-card form-card-outlined ${styles.cardLink}`}>
        <span className={styles.cardLabel}>{t(stat.label)}</span>
        <span className={styles.count}>{typeof count === 'number' ? digits(count) : count === 'error' ? '—' : '…'}</span>
        <span className={styles.hint}>{t(stat.hint)}</span>
      </Link>
    </li>
  );
}

/**
 * `sections`: the dashboard's sections, in the sidebar's order (app/adminSections.tsx). Only
 * those the administrator's roles open are shown, and only their cards are counted.
 */
export default function AdminHome({ sections }: { sections: readonly AdminSection[] }) {
  const { t } = useTranslation();
  const { identity } = useAdminIdentity();
  // Outside the dashboard's shell (no identity) everything is shown.
  const open = identity ? sectionsFor(sections, identity.roles) : sections;
  const closed = new Set(sections.filter((section) => !open.includes(section)).map((section) => section.path));
  const shownStats = stats.filter((stat) => !closed.has(stat.section));
  const finished = new Set(stats.map((s) => s.section));
  const others = open.filter((section) => !finished.has(section.path));
  return (
    <AdminPage title={t('Dashboard')} intro={t('Welcome! Choose a section from the menu to manage the website.')}>
      {shownStats.length > 0 ? (
        <section aria-labelledby="admin-overview">
          <h2 id="admin-overview" className={styles.subtitle}>
            {t('Overview')}
          </h2>
          <ul className={styles.cards}>
            {shownStats.map((stat) => (
              <StatCard key={stat.key} stat={stat} />
            ))}
          </ul>
        </section>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="admin-more">
          <h2 id="admin-more" className={styles.subtitle}>
            {t('Other sections')}
          </h2>
          <ul className={styles.links}>
            {others.map((section) => (
              <li key={section.path}>
                <Link to={adminSectionPath(section.path)}>{t(section.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminPage>
  );
}
