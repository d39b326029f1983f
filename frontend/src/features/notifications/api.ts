import { useCallback, useEffect, useRef, useState } from 'react';
import type { Schemas } from '@/lib/api';
import { useLanguage } from '@/lib/useLanguage';

/** A line of the banner: `message` in the language asked for, or the other when it has none. */
export type Notification = Schemas['BannerNotification'];

/**
 * The newest notification in the visitor's language (docs/DESIGN.md §6: `GET /notifications?lng=`;
 * the public view reads only the first item of the list), asked again when the visitor switches
 * language and whenever the server signals `notification_updated`. Notifications past their end
 * date are not in the list. Failures are logged and read as none.
 * The banner is on the home page's first screen, whose HTML shows it loading: the API client and
 * the live connection's code are fetched after the first screen's rather than with it.
 */
export function useLatestNotification() {
  const { lang } = useLanguage();
  const [notification, setNotification] = useState<Notification | null>(null);
  const [loaded, setLoaded] = useState(false);
  // An answer to an older request (the other language, or before a live update) is dropped.
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    let found: Notification | null = null;
    try {
      const { api } = await import('@/lib/api');
      const { data } = await api.GET('/notifications', { params: { query: { lng: lang } } });
      found = Array.isArray(data) && data.length > 0 ? data[0] : null;
    } catch (error) {
      console.error(error);
    }
    if (request !== latest.current) return;
    setNotification(found);
    setLoaded(true);
  }, [lang]);

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
