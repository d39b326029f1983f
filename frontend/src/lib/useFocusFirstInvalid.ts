import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a refused submit, moves the focus to the first field marked invalid (or to `fallback`
 * when no field is), once the messages are on screen, and scrolls it into view.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLElement | null>) {
  const pending = useRef<RefObject<HTMLElement | null> | null | false>(false);
  useEffect(() => {
    const fallback = pending.current;
    if (fallback === false) return;
    pending.current = false;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback?.current;
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  });
  /** Call on a refused submit; `fallback` gets the focus when no field is in error (e.g. the form's alert). */
  return (fallback?: RefObject<HTMLElement | null>) => {
    pending.current = fallback ?? null;
  };
}
