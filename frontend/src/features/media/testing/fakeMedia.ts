/**
 * Test helpers of the public media pages: items shaped like the server's (issue contract), and
 * a fetch stub that answers GET /api/{kind} with paging, the gallery's year/month filters and
 * X-Total-Count, and records every request.
 */
import type { MediaItem, MediaKind } from '../api';

const folders: Record<MediaKind, string> = { events: 'uploads', gallery: 'uploads', magazines: 'magazines', career: 'career' };

/** An item with the 320/640/1280 variants of a 4000×3000 original. */
export function mediaItem(id: number, kind: MediaKind = 'gallery', extra: Partial<MediaItem> = {}): MediaItem {
  const name = id.toString(16).padStart(32, '0');
  const base = `/${folders[kind]}/${name}`;
  return {
    id,
    image: `${name}.jpg`,
    url: `${base}.jpg`,
    content_type: 'image/jpeg',
    width: 4000,
    height: 3000,
    bytes: 2_400_000,
    description: '',
    year: 2026,
    month: 1,
    created_at: '2026-01-01T10:00:00+00:00',
    variants: [320, 640, 1280].map((width) => ({ width, url: `${base}-${width}.webp` })),
    ...extra,
  };
}

export type FakeMedia = { requests: URL[]; lists: Partial<Record<MediaKind, MediaItem[]>>; fail: boolean };

/** Installs a fetch that serves `lists` (mutable: change it, then send a live event). */
export function serveMedia(lists: Partial<Record<MediaKind, MediaItem[]>>): FakeMedia {
  const state: FakeMedia = { requests: [], lists, fail: false };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    state.requests.push(url);
    const kind = url.pathname.replace('/api/', '') as MediaKind;
    if (state.fail) return new Response(JSON.stringify({ error: 'Internal server error' }), { status: 500 });
    const all = state.lists[kind];
    if (!all) return new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const year = Number(url.searchParams.get('year')) || undefined;
    const month = Number(url.searchParams.get('month')) || undefined;
    const matching = all.filter((item) => (!year || item.year === year) && (!month || item.month === month));
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 60);
    const body = matching.slice((page - 1) * perPage, page * perPage);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(matching.length) },
    });
  }) as typeof fetch;
  return state;
}

/** `count` gallery items with ids count..1 (newest first). */
export const galleryItems = (count: number, extra: (id: number) => Partial<MediaItem> = () => ({})) =>
  Array.from({ length: count }, (_, i) => mediaItem(count - i, 'gallery', extra(count - i)));
