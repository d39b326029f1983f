/** How the public image lists name and describe their items (the lists, the home page's posters). */
import { useTranslation } from 'react-i18next';
import type { LightboxItem } from '@/components/ui/Lightbox';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import type { MediaItem, MediaKind } from './api';

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
