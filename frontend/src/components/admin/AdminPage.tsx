import { useEffect, useRef, type ReactNode } from 'react';
import { usePageTitle } from '@/lib/usePageTitle';
import styles from './AdminPage.module.css';

type Props = {
  /** The page's heading (already translated). */
  title: string;
  /** A sentence under the heading (already translated). */
  intro?: ReactNode;
  children?: ReactNode;
};

/**
 * The frame of every administrator page: the heading (focused when the page opens, so a screen
 * reader announces where the menu led), an optional introduction, then the content.
 */
export function AdminPage({ title, intro, children }: Props) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </div>
  );
}
