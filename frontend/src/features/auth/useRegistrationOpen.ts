import { useEffect } from 'react';
import { fetchRegistrationOpen } from './api';

/**
 * Asks the server once, when the page opens, whether the first administrator can still
 * register; `onAnswer` gets true, false, or null when the server could not tell.
 */
export function useRegistrationOpen(onAnswer: (open: boolean | null) => void) {
  useEffect(() => {
    let live = true;
    void fetchRegistrationOpen().then((open) => {
      if (live) onAnswer(open);
    });
    return () => {
      live = false;
    };
    // Asked once: the answer decides what the page offers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
