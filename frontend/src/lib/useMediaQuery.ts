import { useCallback, useSyncExternalStore } from 'react';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * True while the media query matches (false where matchMedia is unavailable). The prerendered
 * HTML knows no screen, so it is drawn as for no match (mobile first), and so is the render that
 * hydrates it; React then redraws with the screen's answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => canMatch() && window.matchMedia(query).matches, () => false);
}
