/**
 * A list of the content (groups, members, slides, sponsors, social links): each item under its
 * heading with Move up, Move down and Remove, whose accessible names say which item; Add at the
 * end. After a move the focus stays on the moved item's button (the other one when it reached
 * an end), after a removal it goes to the item that took the place (or the one before, or Add),
 * after an addition to the new item's first field; each change is announced.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useLanguage } from '@/lib/useLanguage';
import { joinPath, keyOf, placeId } from './draft';
import { PlaceMessage } from './fields';
import { useEditor } from './EditorContext';
import styles from './AdminSiteContent.module.css';

type Props<T extends object> = {
  path: string;
  items: T[];
  /** What an item is called in its heading and buttons (already translated): its name, or e.g. "Member 3". */
  itemName: (item: T, index: number) => string;
  newItem: () => T;
  /** The Add button's label (already translated). */
  addLabel: string;
  /** Said when the list is empty (already translated). */
  emptyText: string;
  headingLevel: 3 | 4;
  /** The item's fields; `name` is what itemName gave. */
  children: (item: T, itemPath: string, name: string) => ReactNode;
};

const itemId = (itemPath: string) => `${placeId(itemPath)}-item`;
const headingId = (itemPath: string) => `${placeId(itemPath)}-heading`;

export function ListEditor<T extends object>({ path, items, itemName, newItem, addLabel, emptyText, headingLevel, children }: Props<T>) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const { add, remove, move, focusLater, announce } = useEditor();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const addId = `${placeId(path)}-add`;

  const moveItem = (index: number, to: number, name: string) => {
    move(path, index, to);
    const moved = placeId(joinPath(path, to));
    // The button pressed, unless the item reached the end it moved towards.
    const [first, second] = to < index ? ['up', 'down'] : ['down', 'up'];
    focusLater(`${moved}-${first}`, `${moved}-${second}`);
    announce(t('{{name}} moved to place {{place}} of {{total}}.', { name, place: digits(to + 1), total: digits(items.length) }));
  };

  const removeItem = (index: number, name: string) => {
    remove(path, index);
    const after = items.length - 1;
    focusLater(...(index < after ? [headingId(joinPath(path, index))] : []), ...(index > 0 ? [headingId(joinPath(path, index - 1))] : []), addId);
    announce(t('{{name}} removed. It goes from the site when the draft is saved and published.', { name }));
  };

  const addItem = () => {
    add(path, newItem());
    focusLater(itemId(joinPath(path, items.length)));
    announce(t('{{name}} added.', { name: itemName(newItem(), items.length) }));
  };

  return (
    <div className={styles.list}>
      <PlaceMessage path={path} />
      {items.length === 0 ? <p className={styles.empty}>{emptyText}</p> : null}
      <ol className={styles.items}>
        {items.map((item, index) => {
          const itemPath = joinPath(path, index);
          const name = itemName(item, index);
          const last = index === items.length - 1;
          return (
            <li key={keyOf(item)} id={itemId(itemPath)} className={styles.item}>
              <div className={styles.itemHead}>
                <Heading id={headingId(itemPath)} tabIndex={-1} className={styles.itemTitle}>
                  {name}
                </Heading>
                <div className={styles.itemButtons}>
                  <Button
                    id={`${placeId(itemPath)}-up`}
                    size="sm"
                    variant="secondary"
                    disabled={index === 0}
                    aria-label={t('Move up: {{name}}', { name })}
                    onClick={() => moveItem(index, index - 1, name)}
                  >
                    {t('Move up')}
                  </Button>
                  <Button
                    id={`${placeId(itemPath)}-down`}
                    size="sm"
                    variant="secondary"
                    disabled={last}
                    aria-label={t('Move down: {{name}}', { name })}
                    onClick={() => moveItem(index, index + 1, name)}
                  >
                    {t('Move down')}
                  </Button>
                  <Button size="sm" variant="danger" aria-label={t('Remove: {{name}}', { name })} onClick={() => removeItem(index, name)}>
                    {t('Remove')}
                  </Button>
                </div>
              </div>
              <PlaceMessage path={itemPath} />
              {children(item, itemPath, name)}
            </li>
          );
        })}
      </ol>
      <Button id={addId} variant="secondary" onClick={addItem}>
        {addLabel}
      </Button>
    </div>
  );
}
