import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import styles from './RevealAnimation.module.css';

/** docs/SPECIFICATION.md §2/§9: the home page opens with a reveal animation lasting 1.5 s. */
export const REVEAL_MS = 1500;

/** Set in sessionStorage once the reveal has played: one reveal per visit (per tab). */
export const REVEAL_SEEN_KEY = 'samiti.revealSeen';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function seenThisVisit(): boolean {
  try {
    return sessionStorage.getItem(REVEAL_SEEN_KEY) !== null;
  } catch {
    // Storage refused (private mode): better no reveal than one on every visit to Home.
    return true;
  }
}

function markSeen() {
  try {
    sessionStorage.setItem(REVEAL_SEEN_KEY, '1');
  } catch {
    // Nothing to remember it in; seenThisVisit() already answers true in that case.
  }
}

/**
 * A saffron curtain with the emblem that parts to reveal the home page, drawn over the page,
 * which is already rendered beneath it, then removed. It plays only when Home is the page the
 * visit opened on (the router's first location, whose key is "default"), once per visit, and
 * never for visitors who prefer reduced motion; it never blocks the page (pointer-events: none).
 * Decided in a layout effect rather than during render, so the first render is the same
 * whether or not the reveal will play, and the curtain is there before the first paint.
 */
export function RevealAnimation() {
  const { key } = useLocation();
  const [visible, setVisible] = useState(false);

  useLayoutEffect(() => {
    if (key !== 'default' || reducedMotion() || seenThisVisit()) return;
    markSeen();
    setVisible(true);
  }, [key]);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className={styles.reveal} aria-hidden="true" data-testid="reveal">
      <div className={`${styles.curtain} ${styles.left}`} />
      <div className={`${styles.curtain} ${styles.right}`} />
      <img className={styles.emblem} src="/images/logo.svg" alt="" width="120" height="120" />
    </div>
  );
}
