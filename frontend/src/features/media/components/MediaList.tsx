import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { LazyLightbox } from '@/components/ui/LazyOverlays';
import { LoadMore } from '@/components/ui/LoadMore';
import { Loading } from '@/components/ui/Loading';
import { MediaGrid } from '@/components/ui/MediaGrid';
import { useMediaList, type MediaFilters, type MediaKind } from '../api';
import { kindTexts, useViewItems } from '../viewItems';
import styles from './MediaList.module.css';

type Props = {
  kind: MediaKind;
  filters?: MediaFilters;
  /** Shown when the list is empty (already translated). */
  emptyMessage: string;
  /** Accessible name of the grid (already translated). */
  label: string;
  perPage?: number;
};

/**
 * One public image list: loading, error and empty states, the grid, more items as the visitor
 * scrolls (or with "Load more"), and the lightbox (previous/next for the gallery, a single-image
 * overlay for the other kinds).
 */
export function MediaList({ kind, filters, emptyMessage, label, perPage = 24 }: Props) {
  const { t } = useTranslation();
  const { items, total, status, hasMore, loadingMore, loadMore, retry } = useMediaList(kind, { perPage, filters });
  const viewItems = useViewItems(kind, items);
  const [open, setOpen] = useState<number | null>(null);

  // A live reload may shorten the list under an open lightbox.
  useEffect(() => {
    if (open !== null && open >= items.length) setOpen(null);
  }, [open, items.length]);

  if (status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <div className={styles.error} role="alert">
        <p>{t('The images could not be loaded. Please check your connection and try again.')}</p>
        <Button variant="secondary" onClick={retry}>
          {t('Try again')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <EmptyState message={emptyMessage} />;

  const gallery = kind === 'gallery';
  return (
    <>
      <MediaGrid items={viewItems} onOpen={setOpen} shape={gallery ? 'photo' : 'page'} label={label} />
      <LoadMore shown={items.length} total={total} hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
      <LazyLightbox
        items={viewItems}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        label={t(kindTexts[kind].viewer)}
        navigation={gallery}
      />
    </>
  );
}
