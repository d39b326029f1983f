import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Lightbox, type LightboxItem } from '@/components/ui/Lightbox';
import { LoadMore } from '@/components/ui/LoadMore';
import { Loading } from '@/components/ui/Loading';
import { MediaGrid } from '@/components/ui/MediaGrid';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useMediaList, type MediaFilters, type MediaItem, type MediaKind } from '../api';
import styles from './MediaList.module.css';

/** Per kind: the alt text of an image without a description, and the overlay's name. */
export const kindTexts = {
  events: { fallbackAlt: i18nKey('Event poster {{n}}'), viewer: i18nKey('Event poster') },
  gallery: { fallbackAlt: i18nKey('Gallery photo {{n}}'), viewer: i18nKey('Gallery photo') },
  magazines: { fallbackAlt: i18nKey('Magazine {{n}}'), viewer: i18nKey('Magazine') },
  career: { fallbackAlt: i18nKey('Employment notice {{n}}'), viewer: i18nKey('Employment notice') },
} as const satisfies Record<MediaKind, { fallbackAlt: string; viewer: string }>;

/** Items as the grid and the lightbox show them: the description, or "Gallery photo 3". */
export function useViewItems(kind: MediaKind, items: MediaItem[]): LightboxItem[] {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  return items.map((item, index) => ({
    key: item.id,
    image: item,
    alt: item.description.trim() || t(kindTexts[kind].fallbackAlt, { n: digits(index + 1) }),
    caption: item.description.trim() || undefined,
  }));
}

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
      <Lightbox
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
