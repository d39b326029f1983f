import { useEffect, useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { Dialog } from './Dialog';
import { imageUrlFor, type ImageSource } from './ResponsiveImage';
import styles from './Lightbox.module.css';

export type LightboxItem = {
  key: number | string;
  image: ImageSource;
  /** Alternative text (already translated when it is a fallback). */
  alt: string;
  /** Shown under the image when present. */
  caption?: string;
};

type Props = {
  items: LightboxItem[];
  /** The open item, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Accessible name of the dialog (already translated). */
  label: string;
  /** Previous/next buttons, arrow keys and swipes (default true); off for a single-item overlay. */
  navigation?: boolean;
};

/** Horizontal distance (CSS px) a finger must travel for a swipe. */
const SWIPE_PX = 40;

/**
 * A full-size view of one image of a list: the large variant (or the original when it is not
 * wider), its caption and a link to the original. Previous and next wrap around the list (also
 * with the arrow keys and swipes); Escape, the backdrop and the close button close it, and focus
 * returns to the element that opened it (Dialog).
 */
export function Lightbox({ items, index, onIndexChange, onClose, label, navigation = true }: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const open = index !== null && index >= 0 && index < items.length;
  const count = items.length;
  const canMove = navigation && count > 1;

  const move = (step: number) => {
    if (!open || !canMove) return;
    onIndexChange((((index + step) % count) + count) % count);
  };
  const moveRef = useRef(move);
  useEffect(() => {
    moveRef.current = move;
  });

  useEffect(() => {
    if (!open || !canMove) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') moveRef.current(-1);
      else if (event.key === 'ArrowRight') moveRef.current(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, canMove]);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // A mostly horizontal move: right-to-left shows the next image.
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
  };

  const position = open ? index : 0;
  const item = open ? items[position] : null;
  return (
    <Dialog open={open} onClose={onClose} variant="media" ariaLabel={label}>
      {item ? (
        <figure className={styles.figure}>
          <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-testid="lightbox-stage">
            <img
              key={item.key}
              className={styles.image}
              src={imageUrlFor(item.image, 1280)}
              width={item.image.width ?? undefined}
              height={item.image.height ?? undefined}
              alt={item.alt}
              decoding="async"
            />
          </div>
          {item.caption ? <figcaption className={styles.caption}>{item.caption}</figcaption> : null}
          <div className={styles.bar}>
            {canMove ? (
              <button type="button" className={styles.nav} onClick={() => move(-1)} aria-label={t('Previous image')}>
                <span aria-hidden="true">‹</span>
              </button>
            ) : null}
            <div className={styles.info}>
              {canMove ? (
                <span className={styles.counter} aria-live="polite">
                  {t('{{n}} of {{count}}', { n: digits(position + 1), count: digits(count) })}
                </span>
              ) : null}
              <a className={styles.original} href={item.image.url} target="_blank" rel="noopener noreferrer">
                {t('Open the original image')}
              </a>
            </div>
            {canMove ? (
              <button type="button" className={styles.nav} onClick={() => move(1)} aria-label={t('Next image')}>
                <span aria-hidden="true">›</span>
              </button>
            ) : null}
          </div>
        </figure>
      ) : null}
    </Dialog>
  );
}
