import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { posterUrl, useEventPosters, type EventPoster } from '../api';
import styles from './EventStrip.module.css';

/** A horizontally scrolling strip of event posters; a poster opens full size in an overlay. */
export function EventStrip() {
  const { t } = useTranslation();
  const { posters, loaded } = useEventPosters();
  const [selected, setSelected] = useState<EventPoster | null>(null);

  return (
    <section className={styles.section} aria-labelledby="events-heading">
      <h2 id="events-heading" className={styles.heading}>
        {t('Events')}
      </h2>
      {loaded && posters.length === 0 ? <EmptyState message={t('No events to show yet.')} /> : null}
      {posters.length > 0 ? (
        <ul className={styles.strip}>
          {posters.map((poster, index) => (
            <li key={poster.id}>
              <button type="button" className={styles.poster} onClick={() => setSelected(poster)}>
                <img src={posterUrl(poster.image)} alt={t('Event poster {{n}}', { n: index + 1 })} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={selected !== null} onClose={() => setSelected(null)} variant="media" ariaLabel={t('Event poster')}>
        {selected ? <img src={posterUrl(selected.image)} alt={t('Event poster')} /> : null}
      </Dialog>
    </section>
  );
}
