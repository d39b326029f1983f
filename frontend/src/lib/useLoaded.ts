import { useCallback, useEffect, useState } from 'react';

/**
 * What a page loads when it opens and again on `reload()`: the data (null until it arrives, kept
 * through a reload), whether the last load failed, and a setter for the page's own changes. An
 * answer that comes after the page closed or after a newer load is dropped. `round` counts the
 * reloads (a key that starts a list's own state afresh). `load` must be a
 * stable function (a module's own), `what` names it in the console when it fails.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, what: string) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        setData(loaded);
        setFailed(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Loading ${what} failed`, error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [load, what, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, setData, failed, reload, round };
}
