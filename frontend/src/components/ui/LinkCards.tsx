import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './LinkCards.module.css';

export type LinkCard = {
  to: string;
  /** Already translated. */
  title: ReactNode;
  text?: ReactNode;
  /** Language of `text` when it is not the page's (site content carries its own). */
  lang?: string;
};

/** A grid of linked cards (the About page's sub-bodies, the Online Services index). */
export function LinkCards({ items, accent = 'top' }: { items: LinkCard[]; accent?: 'top' | 'side' }) {
  return (
    <ul className={styles.cards}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={`${styles.card} ${styles[accent]}`}>
            <strong>{item.title}</strong>
            {item.text ? <span lang={item.lang}>{item.text}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
