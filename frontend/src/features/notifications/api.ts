import { useCallback, useEffect, useState } from 'react';
import type { Schemas } from '@/lib/api';

export type Notification = Schemas['Notification'];

/**
 * The newest notification (the public view reads only the first item of the list), refetched
 * whenever the server signals `notification_updated`. Failures are logged and read as none.
 * The banner is on the home page's first screen, whose HTML shows it loading: the API client and
 * the live connection's code are fetched after the first screen's rather than with it.
 */
export function useLatestNotification() {
  const [notification, setNotification] = useState<Notification | null>(null);
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async () => {
    try {
      const { api } = await import('@/lib/api');
      const { data } = await api.GET('/notifications');
      setNotification(Array.isArray(data) && data.length > 0 ? data[0] : null);
    } catch (error) {
      console.error(error);
      setNotification(null);
    } finally {
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    void import('@/lib/realtime').then(({ subscribe }) => {
      if (!live) return;
      unsubscribe = subscribe((event) => {
        if (event.type === 'notification_updated') void load();
      });
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [load]);

  return { notification, loaded, reload: load };
}
