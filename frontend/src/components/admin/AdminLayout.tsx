/**
 * The protected administrator area (docs/SPECIFICATION.md §2, §4 "Admin access"): while the stored token is
 * checked with GET /api/admin/verify the page says "Loading..."; a valid token shows the
 * dashboard, anything else goes to /login (which forwards to /adminLogin) with the page asked
 * for, to come back to after signing in, and a refused token says that the session has ended.
 * The dashboard has a top bar with 'View website', the language and Logout, and a sidebar of the
 * sections the administrator's roles open (docs/DESIGN.md §10), with the administrator's Account
 * page at its foot. Logout is always in sight: the top bar stays at the top of a wide screen, and
 * the sidebar's list scrolls on its own under it, its foot (Account) fixed; on a small screen the
 * top bar opens the page, with Logout beside the language, and the sidebar folds behind a menu
 * button, which also holds 'View website' there. What verify said (e-mail, roles,
 * a password to change first) is offered to the pages (lib/adminAccess: useAdminIdentity).
 * While an owner's reset password is not changed, the Account page is the only page. A call
 * refused with 403 for the roles (changed while the page was open) shows the "no access" panel
 * in place of the page, and the roles are asked again.
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { LanguageSelector } from '@/components/layout/LanguageSelector';
import { Loading } from '@/components/ui/Loading';
import { clearAdminToken } from '@/lib/api';
import { setForbiddenHandler } from '@/lib/api';
import { AdminIdentityContext, useAdminAccess, useAdminIdentity } from '@/lib/adminAccess';
import { adminAccountSection, adminSectionPath, sectionsFor, type AdminSection } from '@/config/adminSections';
import { AdminNoAccess } from './AdminNoAccess';
import { returnSearch, type LoginLocationState } from '@/lib/signInReturn';
import styles from './AdminLayout.module.css';

type Props = {
  /** The sidebar's sections, in order (the app's table, app/adminSections.tsx). */
  sections: readonly AdminSection[];
};

export default function AdminLayout({ sections }: Props) {
  const state = useAdminAccess();
  const { access } = state;
  const location = useLocation();
  if (access === 'pending') {
    return (
      <div className={styles.verifying}>
        <Loading />
      </div>
    );
  }
  if (access !== 'valid' || !state.identity) {
    const handed: LoginLocationState = access === 'refused' ? { expired: true } : null;
    return <Navigate to={{ pathname: paths.login, search: returnSearch(location) }} state={handed} replace />;
  }
  return (
    <AdminIdentityContext.Provider value={state}>
      <AdminShell sections={sections} />
    </AdminIdentityContext.Provider>
  );
}

const accountPath = adminSectionPath(adminAccountSection.path);

/** The page: the Account page while the password must be changed; "no access" after a 403 on roles here. */
function MainContent({ refusedHere }: { refusedHere: boolean }) {
  const { identity } = useAdminIdentity();
  const { pathname } = useLocation();
  if (identity?.mustChangePassword && pathname !== accountPath) return <Navigate to={accountPath} replace />;
  if (refusedHere) return <AdminNoAccess />;
  return <Outlet />;
}

function AdminShell({ sections }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { identity, refresh, update } = useAdminIdentity();
  const [menuOpen, setMenuOpen] = useState(false);
  // The page whose call was refused for the roles: it shows "no access" until another page opens.
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
    setRefusedAt(null);
  }, [pathname]);
  useEffect(
    () =>
      setForbiddenHandler((reason) => {
        if (reason === 'password') {
          update({ mustChangePassword: true });
          return;
        }
        setRefusedAt(here.current);
        refresh();
      }),
    [refresh, update],
  );
  const shown = identity?.mustChangePassword ? [] : sectionsFor(sections, identity?.roles ?? []);
  const sidebarId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Any navigation folds the menu away again on a phone.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const logout = () => {
    clearAdminToken();
    navigate(paths.adminLogin, { replace: true });
  };

  return (
    <div className={styles.shell}>
      <a href="#admin-main" className="skip-link">
        {t('Skip to main content')}
      </a>
      <header className={styles.topbar}>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={sidebarId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.burger} aria-hidden="true" />
          <span>{menuOpen ? t('Close menu') : t('Menu')}</span>
        </button>
        <Link to={paths.adminDashboard} className={styles.brand}>
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span>{t('Admin Dashboard')}</span>
        </Link>
        <div className={styles.topActions}>
          <Link to={paths.home} className={styles.siteLink}>
            {t('View website')}
          </Link>
          <LanguageSelector />
          <button type="button" className={styles.logout} onClick={logout}>
            {t('Logout')}
          </button>
        </div>
      </header>

      <div className={styles.body}>
        <div className={styles.sidebarColumn}>
          <nav id={sidebarId} className={`${styles.sidebar} ${menuOpen ? styles.open : ''}`} aria-label={t('Administrator menu')}>
            <ul className={`${styles.menu} ${styles.sections}`}>
              {shown.map((section) => (
                <li key={section.path}>
                  <NavLink
                    to={adminSectionPath(section.path)}
                    className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(section.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            {/* With no section to show (a password to change first), no line above the foot. */}
            <ul className={`${styles.menu} ${styles.foot} ${shown.length > 0 ? styles.footApart : ''}`}>
              <li className={styles.siteItem}>
                <Link to={paths.home} className={styles.link}>
                  {t('View website')}
                </Link>
              </li>
              <li>
                <NavLink
                  to={adminSectionPath(adminAccountSection.path)}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(adminAccountSection.label)}
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
        <main id="admin-main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <MainContent refusedHere={refusedAt === pathname} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
