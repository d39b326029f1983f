/**
 * The dashboard page of one media kind (docs/SPECIFICATION.md §2: Events, Gallery, Magazines, Employment; one
 * component for the four): the upload box, then what is stored as thumbnails in the shared
 * administrator table (search, paging, delete with a confirmation naming the image, Excel and
 * PDF export). The list reloads when the server announces a change of this kind.
 */
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { AdminPage } from '@/components/admin/AdminPage';
import { useRealtime } from '@/lib/realtime';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { deleteMedia, mediaExports, mediaLoaders, type MediaItem, type MediaKind } from './api';
import { formatBytes } from './format';
import { monthName } from './months';
import { UploadPanel } from './UploadPanel';
import styles from './AdminMedia.module.css';

/** What differs between the kinds: texts (i18n keys) and whether photos have a month. */
const kinds: Record<MediaKind, { title: string; intro: string; list: string; empty: string; withMonth: boolean }> = {
  events: {
    title: i18nKey('Events'),
    intro: i18nKey('Event posters appear in the strip on the home page.'),
    list: i18nKey('Uploaded posters'),
    empty: i18nKey('No posters uploaded yet.'),
    withMonth: false,
  },
  gallery: {
    title: i18nKey('Gallery'),
    intro: i18nKey('Photos appear on the gallery page under the year and month they belong to.'),
    list: i18nKey('Uploaded photos'),
    empty: i18nKey('No photos uploaded yet.'),
    withMonth: true,
  },
  magazines: {
    title: i18nKey('Magazines'),
    intro: i18nKey('Magazine covers appear on the magazines page.'),
    list: i18nKey('Uploaded magazines'),
    empty: i18nKey('No magazines uploaded yet.'),
    withMonth: false,
  },
  career: {
    title: i18nKey('Employment'),
    intro: i18nKey('Employment notices appear on the employment page.'),
    list: i18nKey('Uploaded notices'),
    empty: i18nKey('No employment notices uploaded yet.'),
    withMonth: false,
  },
};

const THUMB_WIDTH = 96;

/** The smallest variant that fills the thumbnail on a sharp screen, else the original. */
function thumbnailUrl(item: MediaItem): string {
  const sorted = [...item.variants].sort((a, b) => a.width - b.width);
  return (sorted.find((variant) => variant.width >= THUMB_WIDTH * 2) ?? sorted.at(-1))?.url ?? item.url;
}

/** How the page and its buttons name an image: its description, else its stored file name. */
function itemName(item: MediaItem): string {
  const chars = [...item.description.trim()];
  if (chars.length === 0) return item.image;
  return chars.length > 60 ? `${chars.slice(0, 60).join('')}…` : chars.join('');
}

export function AdminMedia({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const [reloadKey, setReloadKey] = useState(0);
  const texts = kinds[kind];

  // An upload or delete here, in another tab or by another administrator.
  useRealtime((event) => {
    if (event.type === 'media_updated' && event.kind === kind) setReloadKey((key) => key + 1);
  });

  const columns: Array<AdminColumn<MediaItem>> = [
    {
      key: 'image',
      header: t('Image'),
      cell: (item) => {
        const height = item.width && item.height ? Math.round((THUMB_WIDTH * item.height) / item.width) : THUMB_WIDTH;
        return (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className={styles.thumbLink}>
            <img
              src={thumbnailUrl(item)}
              width={THUMB_WIDTH}
              height={height}
              loading="lazy"
              decoding="async"
              alt={item.description.trim() ? t('{{description}} (opens the original)', { description: itemName(item) }) : t('Image {{name}} (opens the original)', { name: item.image })}
              className={styles.thumb}
            />
          </a>
        );
      },
    },
    {
      key: 'description',
      header: t('Description'),
      cell: (item) => item.description.trim() || <span className={styles.muted}>{t('No description')}</span>,
      wide: true,
      sortable: true,
    },
    ...(texts.withMonth
      ? [
          {
            key: 'month',
            header: t('Month'),
            cell: (item: MediaItem) => `${monthName(item.month, lang)} ${digits(item.year)}`,
            nowrap: true,
          },
        ]
      : []),
    {
      key: 'size',
      header: t('Size'),
      cell: (item) => (
        <>
          {item.width && item.height ? <span className={styles.dimensions}>{`${digits(item.width)} × ${digits(item.height)}`}</span> : null}
          <span className={styles.muted}>{formatBytes(item.bytes, lang)}</span>
        </>
      ),
      nowrap: true,
      sortable: 'bytes',
    },
    { key: 'created_at', header: t('Uploaded on'), cell: (item) => formatAdminDate(item.created_at, lang), nowrap: true, sortable: true },
  ];

  return (
    <AdminPage title={t(texts.title)} intro={t(texts.intro)}>
      <UploadPanel kind={kind} withMonth={texts.withMonth} onUploaded={() => setReloadKey((key) => key + 1)} />
      <section aria-labelledby={`media-list-${kind}`} className={styles.list}>
        <h2 id={`media-list-${kind}`} className={styles.listTitle}>
          {t(texts.list)}
        </h2>
        <AdminTable
          label={t(texts.list)}
          columns={columns}
          load={mediaLoaders[kind]}
          onDelete={(item) => deleteMedia(kind, item.id)}
          deleteConfirmation={(item) => t('Are you sure you want to delete “{{name}}”?', { name: itemName(item) })}
          describe={(item) => [
            itemName(item),
            item.description.trim() ? item.image : null,
            texts.withMonth ? `${monthName(item.month, lang)} ${digits(item.year)}` : null,
            `${t('Uploaded on')}: ${formatAdminDate(item.created_at, lang)}`,
          ]}
          exports={mediaExports[kind]}
          emptyMessage={t(texts.empty)}
          rowLabel={itemName}
          reloadKey={reloadKey}
          defaultSort="-created_at"
        />
      </section>
    </AdminPage>
  );
}

/** One page component per kind, for the dashboard's routes. */
export const mediaPages: Record<MediaKind, ComponentType> = {
  events: () => <AdminMedia kind="events" />,
  gallery: () => <AdminMedia kind="gallery" />,
  magazines: () => <AdminMedia kind="magazines" />,
  career: () => <AdminMedia kind="career" />,
};
