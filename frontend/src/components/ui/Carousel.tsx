import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { useMediaQuery } from '@/lib/useMediaQuery';
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
  /** Slides in view at once (default 1). */
  visible?: number;
  /**
   * The most slides in view at any width, when a stylesheet decides how many (the custom property
   * `--carousel-visible` on `className`): the prerendered HTML, drawn before the page's code knows
   * the width, then shows the first slides at every width, and knowing it moves nothing.
   */
  maxVisible?: number;
  className?: string;
};

/**
 * A small infinite carousel, horizontal or vertical. The track holds copies of the last slides
 * before the first and of the first after the last; after moving onto a copy it jumps, without
 * animation, to the real slide. Autoplay pauses while the pointer or keyboard focus is inside,
 * while the tab is hidden, and never runs for visitors who prefer reduced motion.
 */
export function Carousel({
  label,
  children,
  autoplayMs = 0,
  speedMs = 500,
  arrows = true,
  dots = true,
  vertical = false,
  visible: wanted = 1,
  maxVisible,
  className,
}: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const slides = Children.toArray(children);
  const count = slides.length;
  const visible = Math.max(1, Math.min(wanted, count));
  const copies = Math.max(visible, Math.min(maxVisible ?? 1, count));
  const looping = count > copies;
  // The track holds copies of the last `copies` slides, the slides, then copies of the first
  // `copies`; position is the index of the first slide in view (the real ones start at `copies`).
  const [position, setPosition] = useState(copies);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const moving = useRef(false);

  const current = (((position - copies) % count) + count) % count;
  const duration = reduced ? 0 : speedMs;

  const go = useCallback(
    (next: number) => {
      if (!looping || moving.current) return;
      moving.current = duration > 0;
      setAnimate(true);
      setPosition(next);
    },
    [looping, duration],
  );
  const next = useCallback(() => go(position + 1), [go, position]);
  const previous = useCallback(() => go(position - 1), [go, position]);

  // After each move settles: a move onto a copy jumps, unanimated, to the real slide. A timer
  // rather than transitionend, which hidden tabs and interrupted transitions never deliver.
  useEffect(() => {
    const timer = setTimeout(() => {
      moving.current = false;
      if (position < copies || position >= copies + count) {
        setAnimate(false);
        setPosition(position < copies ? position + count : position - count);
      }
    }, duration + 30);
    return () => clearTimeout(timer);
  }, [position, count, duration, copies]);

  // A change in the number of copies (`visible` follows the width, without `maxVisible`) starts
  // again at the first slide, in the same render: an effect would let the browser paint the new
  // track at the old position first.
  const [drawnFor, setDrawnFor] = useState(copies);
  if (drawnFor !== copies) {
    setDrawnFor(copies);
    setAnimate(false);
    setPosition(copies);
  }

  // Re-enable the animation on the frame after a silent jump.
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setAnimate(true)));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  useEffect(() => {
    if (!autoplayMs || reduced || paused || !looping) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      moving.current = false;
      setAnimate(true);
      setPosition((p) => (p >= copies + count ? p : p + 1));
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, reduced, paused, looping, copies, count]);

  if (count === 0) return null;

  const track = looping ? [...slides.slice(count - copies), ...slides, ...slides.slice(0, copies)] : slides;
  // In slides: a stylesheet's `--carousel-visible` (which the page's code need not know yet)
  // decides their size, else `visible`.
  const inView = `var(--carousel-visible, ${visible})`;
  const offset = looping ? `calc(${position} * -100% / ${inView})` : '0%';
  const transform = vertical ? `translateY(${offset})` : `translateX(${offset})`;

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
            const isCurrent = looping ? index >= position && index < position + visible : true;
            // Copies are announced only while they stand in for the real slide in view.
            const real = (looping ? index >= copies && index < copies + count : true) || isCurrent;
            const number = looping ? (((index - copies) % count) + count) % count + 1 : index + 1;
            return (
              <div
                key={index}
                className={styles.slide}
                style={copies > 1 ? { flexBasis: `calc(100% / ${inView})` } : undefined}
                role={real ? 'group' : undefined}
                aria-roledescription={real ? t('slide') : undefined}
                aria-label={real ? t('{{n}} of {{count}}', { n: digits(number), count: digits(count) }) : undefined}
                aria-hidden={!isCurrent || undefined}
                inert={!isCurrent || undefined}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {arrows && looping ? (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={previous} aria-label={t('Previous slide')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={next} aria-label={t('Next slide')}>
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      {dots && looping ? (
        <div className={styles.dots}>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className={styles.dot}
              aria-label={t('Go to slide {{n}}', { n: digits(index + 1) })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => go(index + copies)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
