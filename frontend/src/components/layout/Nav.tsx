import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link, NavLink, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { navigation, type NavEntry } from '@/config/paths';
import { capitalise } from '@/lib/text';
import styles from './Nav.module.css';

/** docs/SPECIFICATION.md §2/§9: a dropdown closes 200 ms after the pointer leaves it. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

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

/** A desktop entry with a dropdown: opens on hover or keyboard focus, closes 200 ms after the pointer leaves. */
function DropdownEntry({ entry }: { entry: NavEntry }) {
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();
  const topLink = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  const cancelClose = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const closeLater = () => {
    cancelClose();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setOpen(false);
    }, DROPDOWN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);
  // A navigation closes the menu.
  useEffect(() => {
    cancelClose();
    setOpen(false);
  }, [location.pathname]);

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
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
    <li className={styles.item} onMouseEnter={show} onMouseLeave={closeLater} onFocus={show} onBlur={onBlur} onKeyDown={onKeyDown}>
      <EntryLink ref={topLink} entry={entry} aria-expanded={open} aria-controls={menuId}>
        {label(entry)}
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </EntryLink>
      <ul id={menuId} className={styles.dropdown} hidden={!open}>
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

/** Small screens: a menu button toggles a list of every entry and sub-entry; any selection closes it. */
function MobileNav() {
  const { t } = useTranslation();
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const listId = useId();
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    setExpanded(null);
  }, []);
  useEffect(close, [location.pathname, close]);

  return (
    <nav className={styles.mobile} aria-label={t('Main navigation')}>
      <div className={`container ${styles.mobileBar}`}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <span className={styles.burger} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {open ? t('Close menu') : t('Menu')}
        </button>
      </div>
      <ul
        id={listId}
        className={styles.mobileList}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            close();
            buttonRef.current?.focus();
          }
        }}
      >
        {navigation.map((entry) => {
          const subId = `${listId}-${entry.to.replace(/\W/g, '')}`;
          const isExpanded = expanded === entry.to;
          return (
            <li key={entry.to}>
              <div className={styles.mobileRow}>
                <EntryLink entry={entry} onClick={close}>
                  {label(entry)}
                </EntryLink>
                {entry.children ? (
                  <button
                    type="button"
                    className={styles.subToggle}
                    aria-expanded={isExpanded}
                    aria-controls={subId}
                    aria-label={t('Show sub-menu: {{name}}', { name: label(entry) })}
                    onClick={() => setExpanded(isExpanded ? null : entry.to)}
                  >
                    <span aria-hidden="true" className={isExpanded ? styles.caretUp : undefined}>
                      ▾
                    </span>
                  </button>
                ) : null}
              </div>
              {entry.children ? (
                <ul id={subId} className={styles.mobileSub} hidden={!isExpanded}>
                  {entry.children.map((child) => (
                    <li key={child.to}>
                      <NavLink to={child.to} className={linkClass} onClick={close}>
                        {label(child)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
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
