import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link, NavLink, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { navigation, type NavEntry } from '@/config/paths';
import { capitalise } from '@/lib/text';
import styles from './Nav.module.css';

function useLabel() {
  const { t } = useTranslation();
  return (entry: NavEntry) => capitalise(t(entry.label));
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

type EntryLinkProps = {
  entry: NavEntry;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
  onClick?: () => void;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
};

/**
 * A top-level entry's link: current on its own pages, and on the pages that belong to it
 * without being under its path (`entry.also`), where NavLink alone would not mark it.
 */
function EntryLink({ entry, ...props }: EntryLinkProps) {
  const { pathname } = useLocation();
  if (entry.also?.some((path) => matchPath(path, pathname))) {
    return <Link {...props} to={entry.to} className={linkClass({ isActive: true })} aria-current="true" />;
  }
  return <NavLink {...props} to={entry.to} end={entry.to === '/'} className={linkClass} />;
}

/**
 * A desktop entry with a dropdown: opens on hover or keyboard focus, closes 200 ms after the
 * pointer leaves (docs/SPECIFICATION.md §2/§9). The stylesheet does this by itself (`:hover`, a
 * keyboard focus inside, a hiding delayed 200 ms), so the dropdown works from the first paint and
 * without JavaScript. The page's code adds `data-open` for the keyboard: "true" with its focus
 * inside (and `aria-expanded`), "false" after Escape or a choice, which hides it; absent (the
 * stylesheet decides) until then, and again once the focus or the pointer has left.
 */
function DropdownEntry({ entry }: { entry: NavEntry }) {
  const label = useLabel();
  const [open, setOpen] = useState<boolean | null>(null);
  const menuId = useId();
  const topLink = useRef<HTMLAnchorElement>(null);

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      topLink.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === topLink.current) {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => document.getElementById(menuId)?.querySelector('a')?.focus());
    }
  };

  return (
    <li
      className={`${styles.item} ${styles.hasDropdown}`}
      data-open={open ?? undefined}
      onFocus={() => setOpen((was) => was ?? true)}
      onBlur={onBlur}
      onMouseLeave={() => setOpen((was) => (was === false ? null : was))}
      onKeyDown={onKeyDown}
    >
      {/* A link clicked keeps the focus, not the dropdown open: the stylesheet decides again. */}
      <EntryLink ref={topLink} entry={entry} aria-expanded={open === true} aria-controls={menuId} onClick={() => setOpen(null)}>
        {label(entry)}
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </EntryLink>
      <ul id={menuId} className={styles.dropdown}>
        {entry.children?.map((child) => (
          <li key={child.to}>
            <NavLink to={child.to} className={linkClass} onClick={() => setOpen(false)}>
              {label(child)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function DesktopNav() {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <nav className={styles.desktop} aria-label={t('Main navigation')}>
      <ul className={`container ${styles.bar}`}>
        {navigation.map((entry) =>
          entry.children ? (
            <DropdownEntry key={entry.to} entry={entry} />
          ) : (
            <li key={entry.to} className={styles.item}>
              <EntryLink entry={entry}>{label(entry)}</EntryLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * Small screens: "Menu" opens a list of every entry; an entry with sub-entries has its own toggle
 * (one open at a time); any selection closes the menu. Both are `<details>`, which the browser
 * opens and closes by itself: the menu works from the first paint and without JavaScript, and
 * hydrating leaves what the visitor opened as it is (the page's code only closes them).
 */
function MobileNav() {
  const { t } = useTranslation();
  const label = useLabel();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const subName = useId();

  const close = useCallback(() => {
    for (const details of menuRef.current?.querySelectorAll('details') ?? []) details.open = false;
    if (menuRef.current) menuRef.current.open = false;
  }, []);
  // A navigation closes the menu (and a sub-menu left open in it); the first render does not:
  // it may hydrate a menu the visitor has already opened.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    close();
  }, [location.pathname, close]);

  return (
    <nav className={styles.mobile} aria-label={t('Main navigation')}>
      <details
        ref={menuRef}
        className={styles.menu}
        suppressHydrationWarning
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuRef.current?.open) {
            close();
            summaryRef.current?.focus();
          }
        }}
      >
        <summary ref={summaryRef} className={`container ${styles.menuButton}`}>
          <span className={styles.burger} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className={styles.whenClosed}>{t('Menu')}</span>
          <span className={styles.whenOpen}>{t('Close menu')}</span>
        </summary>
        <ul className={styles.mobileList}>
          {navigation.map((entry) => (
            <li key={entry.to} className={styles.mobileEntry}>
              <EntryLink entry={entry} onClick={close}>
                {label(entry)}
              </EntryLink>
              {entry.children ? (
                <details className={styles.sub} name={subName} suppressHydrationWarning>
                  <summary className={styles.subToggle}>
                    <span className="visually-hidden">{t('Show sub-menu: {{name}}', { name: label(entry) })}</span>
                    <span aria-hidden="true" className={styles.subCaret}>
                      ▾
                    </span>
                  </summary>
                  <ul className={styles.mobileSub}>
                    {entry.children.map((child) => (
                      <li key={child.to}>
                        <NavLink to={child.to} className={linkClass} onClick={close}>
                          {label(child)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** Desktop bar and mobile menu; CSS shows one of them depending on the width. */
export function Nav() {
  return (
    <div className={styles.wrapper}>
      <DesktopNav />
      <MobileNav />
    </div>
  );
}

export { DesktopNav, MobileNav };
