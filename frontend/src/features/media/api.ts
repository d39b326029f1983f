/**
 * The four public image lists (events, gallery, magazines, career): one generic kind, read page
 * by page with `page`/`per_page` and the total from `X-Total-Count`, reloaded live when the
 * server signals `media_updated` for the kind.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type Schemas } from '@/lib/api';
import { useRealtime, type RealtimeEvent } from '@/lib/realtime';
import type { MediaKind } from '@bindings/MediaKind';

export type { MediaKind };
/** An item of GET /api/{kind}: the original's URL and size, and its resized WebP variants. */
export type MediaItem = Schemas['MediaItem'];

/** True for a magazine issue sent as a PDF: shown by its first page (its variants), linking to the PDF. */
export function isPdf(item: Pick<MediaItem, 'content_type'>): boolean {
  return item.content_type === 'application/pdf';
}

/** Gallery filters: a year and/or a month (1–12); undefined means all. */
export type MediaFilters = { year?: number; month?: number };

export type MediaPage = { items: MediaItem[]; total: number };

type Paging = { page: number; per_page: number };

/** GET /api/{kind} through the generated client (one path per kind; only the gallery filters). */
function getList(kind: MediaKind, paging: Paging, filters: MediaFilters) {
  switch (kind) {
    case 'events':
      return api.GET('/api/events', { params: { query: paging } });
    case 'gallery':
      return api.GET('/api/gallery', { params: { query: { ...paging, year: filters.year, month: filters.month } } });
    case 'magazines':
      return api.GET('/api/magazines', { params: { query: paging } });
    case 'career':
      return api.GET('/api/career', { params: { query: paging } });
  }
}

/** Keeps only entries that look like items, so a surprising answer cannot break a page. */
function validItems(data: unknown): MediaItem[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is MediaItem => !!item && typeof item === 'object' && typeof item.id === 'number' && typeof item.url === 'string',
  );
}

/** One page of a list. A non-list answer is an empty list (docs/SPECIFICATION.md §7); a failed call throws. */
export async function fetchMediaPage(kind: MediaKind, page: number, perPage: number, filters: MediaFilters = {}): Promise<MediaPage> {
  const { data, response } = await getList(kind, { page, per_page: perPage }, filters);
  if (!response.ok) throw new Error(`GET /api/${kind}: ${response.status}`);
  const items = validItems(data);
  const header = response.headers.get('X-Total-Count');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : (page - 1) * perPage + items.length;
  return { items, total };
}

/** True for the live event that says the list of `kind` changed. */
export function isMediaUpdate(event: RealtimeEvent, kind: MediaKind): boolean {
  return event.type === 'media_updated' && event.kind === kind;
}

export type ListStatus = 'loading' | 'ready' | 'error';

/**
 * The loaded part of a list: the first page at once, more with `loadMore()`; a change of filters
 * starts again from page 1, and a live update reloads the pages already shown.
 */
export function useMediaList(kind: MediaKind, { perPage = 24, filters = {} }: { perPage?: number; filters?: MediaFilters } = {}) {
  const [items, setItems] = useState<MediaItem[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(0);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const { year, month } = filters;
  // Answers to an older request (other filters, or a reload since) are dropped.
  const generation = useRef(0);

  /** Loads pages 1..count afresh; what is shown stays until the answer arrives. */
  const load = useCallback(
    async (count: number) => {
      const current = ++generation.current;
      try {
        const answers = await Promise.all(
          Array.from({ length: Math.max(1, count) }, (_, i) => fetchMediaPage(kind, i + 1, perPage, { year, month })),
        );
        if (current !== generation.current) return;
        setItems(unique(answers.flatMap((a) => a.items)));
        setTotal(answers[0].total);
        setPages(answers.length);
        setStatus('ready');
      } catch (error) {
        if (current !== generation.current) return;
        console.error(error);
        setStatus('error');
      }
    },
    [kind, perPage, year, month],
  );

  const restart = useCallback(() => {
    setStatus('loading');
    setItems([]);
    setPages(0);
    void load(1);
  }, [load]);

  useEffect(restart, [restart]);

  const pagesRef = useRef(pages);
  useEffect(() => {
    pagesRef.current = pages;
  });
  useRealtime((event) => {
    if (isMediaUpdate(event, kind)) void load(Math.max(1, pagesRef.current));
  });

  const hasMore = status === 'ready' && items.length < total && pages * perPage < total;

  const loadMore = useCallback(async () => {
    if (!hasMore || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    try {
      const next = await fetchMediaPage(kind, pages + 1, perPage, { year, month });
      if (current !== generation.current) return;
      // New uploads shift later pages down, so an item may arrive twice.
      setItems((previous) => unique([...previous, ...next.items]));
      setTotal(next.total);
      setPages(pages + 1);
    } catch (error) {
      console.error(error);
    } finally {
      setLoadingMore(false);
    }
  }, [hasMore, loadingMore, kind, pages, perPage, year, month]);

  return { items, total, status, hasMore, loadingMore, loadMore, retry: restart };
}

function unique(items: MediaItem[]): MediaItem[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
