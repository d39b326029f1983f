import { ResponsiveImage, type ImageSource } from './ResponsiveImage';
import styles from './MediaGrid.module.css';

export type MediaGridItem = {
  key: number | string;
  image: ImageSource;
  alt: string;
  /**
   * A document the tile stands for (a magazine issue's PDF, the image its first page): the tile
   * is a link that opens it in a new tab, marked with `badge`, instead of a button that opens the
   * image. `alt` is then the link's name: say what it opens.
   */
  document?: { href: string; type: string; badge: string };
};

/** How wide a tile is at each breakpoint of MediaGrid.module.css (1 to 4 columns). */
export const GRID_SIZES = '(min-width: 64rem) min(25vw, 18rem), (min-width: 48rem) 33vw, (min-width: 30rem) 50vw, 100vw';

type Props = {
  items: MediaGridItem[];
  /** Called with the index of the tile clicked. */
  onOpen: (index: number) => void;
  /** `photo`: 4:3 tiles filled edge to edge; `page`: 3:4 tiles showing the whole page (covers, notices). */
  shape?: 'photo' | 'page';
  /** Accessible name of the list (already translated). */
  label?: string;
};

/** A grid of image tiles (1 column on phones, up to 4 on wide screens); a tile opens the image, or the document it stands for. */
export function MediaGrid({ items, onOpen, shape = 'photo', label }: Props) {
  return (
    <ul className={`${styles.grid} ${shape === 'page' ? styles.page : styles.photo}`} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.key}>
          {item.document ? (
            <a href={item.document.href} type={item.document.type} target="_blank" rel="noopener" className={`${styles.tile} ${styles.document}`}>
              <ResponsiveImage image={item.image} alt={item.alt} sizes={GRID_SIZES} />
              <span className={styles.badge} aria-hidden="true">
                {item.document.badge}
              </span>
            </a>
          ) : (
            <button type="button" className={styles.tile} onClick={() => onOpen(index)}>
              <ResponsiveImage image={item.image} alt={item.alt} sizes={GRID_SIZES} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
