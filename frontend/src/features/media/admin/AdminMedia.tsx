/**
 * The dashboard page of one media kind (docs/SPECIFICATION.md §2: Events, Gallery, Magazines, Employment; one
 * component for the four): the upload box, then what is stored as thumbnails in the shared
 * administrator table (search, paging, delete with a confirmation naming the image, Excel and
 * PDF export). The list is in the order visitors see it (the gallery's by month), a new upload
 * first: per image, Edit corrects its description (and the gallery's month) in a dialog, and
 * Move up / Move down change its place. A magazine sent as a PDF shows its first page with a
 * "PDF" mark. The list reloads when the server announces a change of this kind.
 */
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn, type AdminRowPlace } from '@/components/admin/AdminTable';
import { AdminPage } from '@/components/admin/AdminPage';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api';
import { useRealtime } from '@/lib/realtime';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { isPdf } from '../api';
import { deleteMedia, mediaExports, mediaLoaders, moveMedia, type MediaItem, type MediaKind, type MoveDirection } from './api';
import { formatBytes } from './format';
import { MediaEditDialog } from './MediaEditDialog';
import { monthName } from './months';
import { MoveButtons } from './MoveButtons';
import { UploadPanel } from './UploadPanel';
import styles from './AdminMedia.module.css';

/** What differs between the kinds: texts (i18n keys), whether photos have a month, whether a PDF is taken (backend media::kinds). */
const kinds: Record<MediaKind, { title: string; intro: string; list: string; empty: string; withMonth: boolean; takesPdf?: boolean }> = {
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
    intro: i18nKey('Magazine covers appear on the magazines page. An issue sent as a PDF is shown by its first page and opens as the PDF.'),
    list: i18nKey('Uploaded magazines'),
    empty: i18nKey('No magazines uploaded yet.'),
    withMonth: false,
    takesPdf: true,
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

/** Whether two images belong to the same month (the gallery moves an image within its month). */
const sameMonth = (a: MediaItem, b: MediaItem) => a.year === b.year && a.month === b.month;

export function AdminMedia({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  const texts = kinds[kind];
  const reload = () => setReloadKey((key) => key + 1);

  const move = async (item: MediaItem, direction: MoveDirection) => {
    setNotice(null);
    setMoving(item.id);
    try {
      const { error, response } = await moveMedia(kind, item.id, direction);
      if (response.ok) {
        setNotice({ kind: 'success', text: direction === 'up' ? t('Moved up: {{name}}', { name: itemName(item) }) : t('Moved down: {{name}}', { name: itemName(item) }) });
      } else if (response.status === 404) {
        setNotice({ kind: 'error', text: t('This image no longer exists.') });
      } else {
        setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not move the image. Please try again.'))) });
      }
    } catch (error) {
      console.error('Moving the image failed', error);
      setNotice({ kind: 'error', text: t('Could not move the image. Please try again.') });
    } finally {
      setMoving(null);
      reload();
    }
  };

  /** The image's buttons: Edit, and Move up / down where that moves it (not in a search: the rows shown are not the list). */
  const actions = (item: MediaItem, place: AdminRowPlace<MediaItem>) => {
    const within = (other: MediaItem | undefined) => !other || !texts.withMonth || sameMonth(item, other);
    return (
      <>
        <Button variant="secondary" size="sm" aria-label={`${t('Edit')}: ${itemName(item)}`} onClick={() => setEditing(item)}>
          {t('Edit')}
        </Button>
        {place.searched || place.sort ? null : (
          <MoveButtons
            name={itemName(item)}
            canMoveUp={!place.first && within(place.previous)}
            canMoveDown={!place.last && within(place.next)}
            busy={moving === item.id}
            onMove={(direction) => void move(item, direction)}
            place={`${place.previous?.id ?? ''}:${place.next?.id ?? ''}`}
          />
        )}
      </>
    );
  };

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
        const pdf = isPdf(item);
        const alt = pdf
          ? t('{{name}} (opens the PDF)', { name: itemName(item) })
          : item.description.trim()
            ? t('{{description}} (opens the original)', { description: itemName(item) })
            : t('Image {{name}} (opens the original)', { name: item.image });
        return (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className={styles.thumbLink} type={pdf ? 'application/pdf' : undefined}>
            <img src={thumbnailUrl(item)} width={THUMB_WIDTH} height={height} loading="lazy" decoding="async" alt={alt} className={styles.thumb} />
            {pdf ? (
              <span className={styles.pdfBadge} aria-hidden="true">
                PDF
              </span>
            ) : null}
          </a>
        );
      },
    },
    {
      key: 'description',
      header: t('Description'),
      cell: (item) => item.description.trim() || <span className={styles.muted}>{t('No description')}</span>,
      wide: true,
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
    },
    // The date may take two lines, so that the row's buttons fit beside the columns.
    { key: 'created_at', header: t('Uploaded on'), cell: (item) => formatAdminDate(item.created_at, lang) },
  ];

  return (
    <AdminPage title={t(texts.title)} intro={t(texts.intro)}>
      <UploadPanel kind={kind} withMonth={texts.withMonth} takesPdf={texts.takesPdf} onUploaded={reload} />
      <section aria-labelledby={`media-list-${kind}`} className={styles.list}>
        <h2 id={`media-list-${kind}`} className={styles.listTitle}>
          {t(texts.list)}
        </h2>
        <p className={styles.listHint}>
          {texts.withMonth
            ? t('Visitors see the photos of each month in this order; Move up and Move down change it within the month.')
            : t('Visitors see the images in this order, a new upload first; Move up and Move down change it.')}
        </p>
        <AdminNotice notice={notice} />
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
          rowActions={actions}
          reloadKey={reloadKey}
        />
      </section>
      <MediaEditDialog
        kind={kind}
        withMonth={texts.withMonth}
        item={editing}
        name={editing ? itemName(editing) : ''}
        onClose={() => setEditing(null)}
        onSaved={(item) => {
          setEditing(null);
          setNotice({ kind: 'success', text: t('Saved: {{name}}', { name: itemName(item) }) });
          reload();
        }}
        onGone={() => {
          setEditing(null);
          setNotice({ kind: 'error', text: t('This image no longer exists.') });
          reload();
        }}
      />
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
