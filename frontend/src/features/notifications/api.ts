import { useCallback, useEffect, useState } from 'react';
import { api, type Schemas } from '@/lib/api';
import { useRealtime } from '@/lib/realtime';

export type Notification = Schemas['Notification'];

/**
 * The newest notification (the public view reads only the first item of the list), refetched
 * whenever the server signals `notification_updated`. Failures are logged and read as none.
 */
export function useLatestNotification() {
  const [notification, setNotification] = useState<Notification | null>(null);
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async () => {
    try {
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

  useRealtime((event) => {
    if (event.type === 'notification_updated') void load();
  });

  return { notification, loaded, reload: load };
}
