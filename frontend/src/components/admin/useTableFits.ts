/**
 * Whether a table fits its box. The table is laid out as a table; when it needs more width
 * than its scroller has (the columns' minimum widths, the action buttons, the sidebar taking
 * room), the answer turns false and the caller shows cards instead. The box width the table
 * needed is remembered, so the table comes back once the box is that wide again; new content
 * (another page, another language) is measured afresh. Everything runs in layout effects, so
 * a layout that does not fit is never painted. Without ResizeObserver (jsdom) it always fits.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function useTableFits(
  box: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null>,
  rows: unknown,
  lang: string,
): boolean {
  const [fits, setFits] = useState(true);
  const fitsNow = useRef(true);
  // The box width the table needs (known once it overflowed).
  const needed = useRef(0);

  const update = useCallback((value: boolean) => {
    fitsNow.current = value;
    setFits(value);
  }, []);

  const check = useCallback(() => {
    const boxEl = box.current;
    if (!boxEl || typeof ResizeObserver === 'undefined') return;
    if (fitsNow.current) {
      const scrollEl = scroller.current;
      const overflow = scrollEl ? scrollEl.scrollWidth - scrollEl.clientWidth : 0;
      if (overflow > 0) {
        needed.current = boxEl.clientWidth + overflow;
        update(false);
      }
    } else if (boxEl.clientWidth >= needed.current) {
      update(true);
    }
  }, [box, scroller, update]);

  // New content: lay it out as a table again; the effect below measures it before painting.
  useLayoutEffect(() => update(true), [rows, lang, update]);

  // Measures only a committed table layout (not the cards this render may still show).
  useLayoutEffect(() => {
    if (fits) check();
  });

  useLayoutEffect(() => {
    const boxEl = box.current;
    if (!boxEl || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => check());
    observer.observe(boxEl);
    return () => observer.disconnect();
  }, [box, check]);

  return fits;
}
