/**
 * An image's Move up / Move down buttons in the dashboard's list. After a move the list loads
 * again in its new order; the row keeps its buttons (the table keys rows by id), and the button
 * pressed gets the focus back once the row stands in its new place, so that pressing it again
 * moves the image on.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { MoveDirection } from './api';
import styles from './MoveButtons.module.css';

type Props = {
  /** How the page names the image, for the buttons' accessible names. */
  name: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** A move of this image is being sent. */
  busy: boolean;
  onMove: (direction: MoveDirection) => void;
  /** Changes when the row's place changes (e.g. the id of the row above it). */
  place: string;
};

export function MoveButtons({ name, canMoveUp, canMoveDown, busy, onMove, place }: Props) {
  const { t } = useTranslation();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  /** The button pressed and the row's place then, until the row is seen in its new place. */
  const pressed = useRef<{ direction: MoveDirection; place: string; at: number } | null>(null);

  useEffect(() => {
    const move = pressed.current;
    if (!move || busy) return;
    // A move that changed nothing (the end of a month) is forgotten after a while.
    if (Date.now() - move.at > 5000) {
      pressed.current = null;
      return;
    }
    // While the request was out the button was disabled, and moving the row in the page drops
    // the focus: give it back (at the end of the list, to the button that can still move it).
    const wanted = move.direction === 'up' ? (canMoveUp ? up : down) : canMoveDown ? down : up;
    wanted.current?.focus();
    if (place !== move.place) pressed.current = null;
  }, [place, busy, canMoveUp, canMoveDown]);

  const move = (direction: MoveDirection) => {
    pressed.current = { direction, place, at: Date.now() };
    onMove(direction);
  };

  return (
    <>
      <Button
        ref={up}
        variant="secondary"
        size="sm"
        disabled={!canMoveUp || busy}
        aria-label={`${t('Move up')}: ${name}`}
        title={t('Move up')}
        className={styles.move}
        onClick={() => move('up')}
      >
        <span className={styles.arrow} aria-hidden="true">
          ↑
        </span>
        <span className={styles.text}> {t('Move up')}</span>
      </Button>
      <Button
        ref={down}
        variant="secondary"
        size="sm"
        disabled={!canMoveDown || busy}
        aria-label={`${t('Move down')}: ${name}`}
        title={t('Move down')}
        className={styles.move}
        onClick={() => move('down')}
      >
        <span className={styles.arrow} aria-hidden="true">
          ↓
        </span>
        <span className={styles.text}> {t('Move down')}</span>
      </Button>
    </>
  );
}
