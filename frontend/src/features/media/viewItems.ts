/** How the public image lists name and describe their items (the lists, the home page's posters). */
import { useTranslation } from 'react-i18next';
import type { LightboxItem } from '@/components/ui/Lightbox';
import type { MediaGridItem } from '@/components/ui/MediaGrid';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { isPdf, type MediaItem, type MediaKind } from './api';

/** Per kind: the alt text of an image without a description, and the overlay's name. */
export const kindTexts = {
  events: { fallbackAlt: i18nKey('Event poster {{n}}'), viewer: i18nKey('Event poster') },
  gallery: { fallbackAlt: i18nKey('Gallery photo {{n}}'), viewer: i18nKey('Gallery photo') },
  magazines: { fallbackAlt: i18nKey('Magazine {{n}}'), viewer: i18nKey('Magazine') },
  career: { fallbackAlt: i18nKey('Employment notice {{n}}'), viewer: i18nKey('Employment notice') },
} as const satisfies Record<MediaKind, { fallbackAlt: string; viewer: string }>;

/**
 * The first page of a PDF as the image to show: its WebP copies, never the PDF itself (the
 * widest copy stands where an image's original would).
 */
function coverOf(item: MediaItem): MediaItem {
  const widest = [...item.variants].sort((a, b) => b.width - a.width)[0];
  return widest ? { ...item, url: widest.url } : item;
}

/**
 * Items as the grid and the lightbox show them: the description, or "Gallery photo 3". A
 * magazine sent as a PDF is its first page, a link that opens the PDF in a new tab.
 */
export function useViewItems(kind: MediaKind, items: MediaItem[]): Array<LightboxItem & MediaGridItem> {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  return items.map((item, index) => {
    const name = item.description.trim() || t(kindTexts[kind].fallbackAlt, { n: digits(index + 1) });
    if (isPdf(item)) {
      return {
        key: item.id,
        image: coverOf(item),
        alt: t('{{name}} (PDF, opens in a new tab)', { name }),
        caption: item.description.trim() || undefined,
        document: { href: item.url, type: item.content_type, badge: t('PDF') },
      };
    }
    return { key: item.id, image: item, alt: name, caption: item.description.trim() || undefined };
  });
}
