import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Carousel.module.css';

type Props = {
  /** Accessible name of the carousel (already translated). */
  label: string;
  children: ReactNode;
  /** Time between automatic moves; 0 disables autoplay. */
  autoplayMs?: number;
  /** Duration of one slide movement. */
  speedMs?: number;
  arrows?: boolean;
  dots?: boolean;
  vertical?: boolean;
  className?: string;
};

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A small infinite carousel, horizontal or vertical. The track holds a copy of the last slide
 * before the first and of the first after the last; after moving onto a copy it jumps, without
 * animation, to the real slide. Autoplay pauses while the pointer or keyboard focus is inside,
 * while the tab is hidden, and never runs for visitors who prefer reduced motion.
 */
export function Carousel({ label, children, autoplayMs = 0, speedMs = 500, arrows = true, dots = true, vertical = false, className }: Props) {
  const { t } = useTranslation();
  const slides = Children.toArray(children);
  const count = slides.length;
  // Position on the track: 0 is the copy of the last slide, 1..count the real ones, count+1 the copy of the first.
  const [position, setPosition] = useState(1);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const [reduced] = useState(prefersReducedMotion);
  const moving = useRef(false);

  const current = (position - 1 + count) % count;
  const duration = reduced ? 0 : speedMs;

  const go = useCallback(
    (next: number) => {
      if (count < 2 || moving.current) return;
      moving.current = duration > 0;
      setAnimate(true);
      setPosition(next);
    },
    [count, duration],
  );
  const next = useCallback(() => go(position + 1), [go, position]);
  const previous = useCallback(() => go(position - 1), [go, position]);

  // After each move settles: a move onto a copy jumps, unanimated, to the real slide. A timer
  // rather than transitionend, which hidden tabs and interrupted transitions never deliver.
  useEffect(() => {
    const timer = setTimeout(() => {
      moving.current = false;
      if (position === 0 || position === count + 1) {
        setAnimate(false);
        setPosition(position === 0 ? count : 1);
      }
    }, duration + 30);
    return () => clearTimeout(timer);
  }, [position, count, duration]);

  // Re-enable the animation on the frame after a silent jump.
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setAnimate(true)));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  useEffect(() => {
    if (!autoplayMs || reduced || paused || count < 2) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      moving.current = false;
      setAnimate(true);
      setPosition((p) => (p >= count + 1 ? p : p + 1));
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, reduced, paused, count]);

  if (count === 0) return null;

  const track = count > 1 ? [slides[count - 1], ...slides, slides[0]] : slides;
  const offset = count > 1 ? position : 0;
  const transform = vertical ? `translateY(-${offset * 100}%)` : `translateX(-${offset * 100}%)`;

  return (
    <section
      className={[styles.carousel, vertical ? styles.vertical : '', className ?? ''].filter(Boolean).join(' ')}
      aria-roledescription={t('carousel')}
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className={styles.viewport}>
        <div
          className={styles.track}
          style={{ transform, transition: animate && duration ? `transform ${duration}ms ease-in-out` : 'none' }}
        >
          {track.map((slide, index) => {
            const real = count > 1 ? index >= 1 && index <= count : true;
            const isCurrent = count > 1 ? index === position : true;
            const number = count > 1 ? ((index - 1 + count) % count) + 1 : 1;
            return (
              <div
                key={index}
                className={styles.slide}
                role={real ? 'group' : undefined}
                aria-roledescription={real ? t('slide') : undefined}
                aria-label={real ? t('{{n}} of {{count}}', { n: number, count }) : undefined}
                aria-hidden={!isCurrent || undefined}
                inert={!isCurrent || undefined}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {arrows && count > 1 ? (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={previous} aria-label={t('Previous slide')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={next} aria-label={t('Next slide')}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      {dots && count > 1 ? (
        <div className={styles.dots}>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className={styles.dot}
              aria-label={t('Go to slide {{n}}', { n: index + 1 })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => go(index + 1)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
