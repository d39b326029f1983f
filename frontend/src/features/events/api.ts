import { useEffect, useState } from 'react';
import { getPublicList } from '@/lib/api';

/** An event poster: GET /api/events → [{id, image}], images under /uploads/{image}. */
export type EventPoster = { id: number; image: string };

export const posterUrl = (image: string) => `/uploads/${encodeURIComponent(image)}`;

/** The event posters; a non-list answer, 404 or failure reads as none (spec §7/§8). */
export function useEventPosters() {
  const [posters, setPosters] = useState<EventPoster[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void getPublicList<EventPoster>('/api/events').then((list) => {
      if (!live) return;
      setPosters(list.filter((item) => item && typeof item.image === 'string'));
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return { posters, loaded };
}
