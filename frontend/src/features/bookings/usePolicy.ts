import { useCallback, useEffect, useState } from 'react';
import { fetchPolicy } from './api';
import { DEFAULT_POLICY, type BookingPolicy } from './policy';

/**
 * The booking policy for a form: the defaults first (so the page hydrates over the HTML drawn
 * with them), then the server's answer; `reload()` asks again (after the server refused a value
 * the form did not know was limited).
 */
export function usePolicy(): { policy: BookingPolicy; reload: () => void } {
  const [policy, setPolicy] = useState<BookingPolicy>(DEFAULT_POLICY);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    fetchPolicy().then((found) => {
      if (live) setPolicy(found);
    });
    return () => {
      live = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { policy, reload };
}
