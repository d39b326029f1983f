import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { LazyLightbox } from '@/components/ui/LazyOverlays';
import { ResponsiveImage } from '@/components/ui/ResponsiveImage';
import { useMediaList } from '../api';
import { kindTexts, useViewItems } from '../viewItems';
import styles from './EventStrip.module.css';

/** Height of a poster in the strip (CSS px; EventStrip.module.css). */
const POSTER_HEIGHT = 220;

/**
 * Home: a horizontally scrolling strip of event posters from their small variants; a poster
 * opens full size (the large variant) in an overlay closed by its button, Escape or a click
 * outside.
 */
export function EventStrip() {
  const { t } = useTranslation();
  const { items, status } = useMediaList('events', { perPage: 30 });
  const posters = useViewItems('events', items);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <section className={styles.section} aria-labelledby="events-heading">
      <h2 id="events-heading" className={styles.heading}>
        {t('Events')}
      </h2>
      {/* A failure reads as no posters on the home page (docs/SPECIFICATION.md §8). */}
      {status !== 'loading' && posters.length === 0 ? <EmptyState message={t('No events to show yet.')} /> : null}
      {posters.length > 0 ? (
        <ul className={styles.strip}>
          {posters.map((poster, index) => (
            <li key={poster.key}>
              <button type="button" className={styles.poster} onClick={() => setOpen(index)}>
                <ResponsiveImage image={poster.image} alt={poster.alt} sizes={posterWidth(poster.image)} fallbackWidth={320} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LazyLightbox items={posters} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label={t(kindTexts.events.viewer)} navigation={false} />
    </section>
  );
}

/** A poster is shown POSTER_HEIGHT high, so its shown width follows from its proportions. */
function posterWidth(image: { width?: number | null; height?: number | null }): string {
  if (!image.width || !image.height) return `${POSTER_HEIGHT}px`;
  return `${Math.round((POSTER_HEIGHT * image.width) / image.height)}px`;
}
