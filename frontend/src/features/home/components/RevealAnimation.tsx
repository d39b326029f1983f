import { useEffect, useState } from 'react';
import styles from './RevealAnimation.module.css';

/** Spec §2/§9: the home page opens with a reveal animation lasting 1.5 s. */
export const REVEAL_MS = 1500;

const reducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A saffron curtain with the emblem that parts to reveal the page, then is removed. It never
 * blocks the page (pointer-events: none) and is skipped for visitors who prefer reduced motion.
 */
export function RevealAnimation() {
  const [visible, setVisible] = useState(() => !reducedMotion());
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
