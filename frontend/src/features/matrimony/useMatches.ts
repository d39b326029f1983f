/**
 * The loaded part of the matches listing for one member token and one set of filters: the first
 * page at once, more with `loadMore()`, and live changes — a profile uploaded (or edited while
 * uploaded) is fetched with the member's own token and shown first, a profile deleted or taken
 * back disappears — without a reload. The photo and biodata links expire (SignedFile.expires_at),
 * so the shown pages are read again when the member comes back to a page whose links have run out.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime } from '@/lib/realtime';
import { MemberRefused, fetchMatch, fetchMatches, profileEvent, type MatchFilters, type PublicProfile, type SignedFile } from './api';
import { matchesFilters } from './filters';

export type MatchesStatus = 'loading' | 'ready' | 'error';

/** True when a signed link has run out (or will within `marginMs`). */
export function linkExpired(file: SignedFile | null | undefined, now = Date.now(), marginMs = 15_000): boolean {
  if (!file) return false;
  const expires = Date.parse(file.expires_at);
  return Number.isFinite(expires) && expires - marginMs <= now;
}

const anyLinkExpired = (items: PublicProfile[]) => items.some((p) => linkExpired(p.photo) || linkExpired(p.photo_thumb) || linkExpired(p.biodata));

export function useMatches(token: string, filters: MatchFilters, { perPage = 24, onRefused }: { perPage?: number; onRefused: () => void }) {
  const [items, setItems] = useState<PublicProfile[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(0);
  const [status, setStatus] = useState<MatchesStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;
  // Answers to an older request (other filters, or a reload since) are dropped.
  const generation = useRef(0);
  const filterKey = JSON.stringify(filters);

  const fail = useCallback((error: unknown) => {
    if (error instanceof MemberRefused) refusedRef.current();
    else console.error('Loading the matches failed', error);
  }, []);

  /** Loads pages 1..count afresh; what is shown stays until the answer arrives. */
  const load = useCallback(
    async (count: number) => {
      const current = ++generation.current;
      try {
        const answers = await Promise.all(Array.from({ length: count }, (_, i) => fetchMatches(token, filtersRef.current, i + 1, perPage)));
        if (current !== generation.current) return;
        const seen = new Set<number>();
        setItems(answers.flatMap((answer) => answer.items).filter((p) => !seen.has(p.id) && seen.add(p.id)));
        setTotal(answers.at(-1)?.total ?? 0);
        setPages(count);
        setStatus('ready');
      } catch (error) {
        if (current !== generation.current) return;
        setStatus('error');
        fail(error);
      }
    },
    [token, perPage, fail],
  );

  // New filters start again from page 1.
  useEffect(() => {
    setStatus('loading');
    setItems([]);
    void load(1);
  }, [load, filterKey]);

  const loadMore = useCallback(async () => {
    if (loadingMore || itemsRef.current.length >= total) return;
    setLoadingMore(true);
    const current = generation.current;
    try {
      const answer = await fetchMatches(token, filtersRef.current, pages + 1, perPage);
      if (current !== generation.current) return;
      // Live additions shift the pages: a profile already shown is not shown twice.
      setItems((list) => [...list, ...answer.items.filter((p) => !list.some((q) => q.id === p.id))]);
      setTotal(answer.total);
      setPages(pages + 1);
    } catch (error) {
      fail(error);
    } finally {
      setLoadingMore(false);
    }
  }, [loadingMore, total, token, pages, perPage, fail]);

  const remove = useCallback((id: number) => {
    if (!itemsRef.current.some((p) => p.id === id)) return;
    setItems((list) => list.filter((p) => p.id !== id));
    setTotal((n) => Math.max(0, n - 1));
  }, []);

  /** Shows a profile as it is now: in place when shown, first when new, not at all when the filters exclude it. */
  const put = useCallback(
    (profile: PublicProfile) => {
      const shown = itemsRef.current.some((p) => p.id === profile.id);
      if (!matchesFilters(profile, filtersRef.current)) {
        remove(profile.id);
        return;
      }
      if (shown) {
        setItems((list) => list.map((p) => (p.id === profile.id ? profile : p)));
      } else {
        setItems((list) => [profile, ...list]);
        setTotal((n) => n + 1);
      }
    },
    [remove],
  );

  /** Reads one profile again (its links have run out, or it changed). */
  const refresh = useCallback(
    async (id: number): Promise<PublicProfile | null> => {
      try {
        const profile = await fetchMatch(token, id);
        if (profile) put(profile);
        else remove(id);
        return profile;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    [token, put, remove, fail],
  );

  useRealtime((event) => {
    const change = profileEvent(event);
    if (!change) return;
    if (change.kind === 'deleted') remove(change.id);
    else void refresh(change.id);
  });

  // Coming back to the page after the links ran out reads the shown pages again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && pages > 0 && anyLinkExpired(itemsRef.current)) void load(pages);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load, pages]);

  const retry = useCallback(() => {
    setStatus('loading');
    void load(1);
  }, [load]);

  return { items, total, status, hasMore: items.length < total, loadingMore, loadMore, refresh, retry };
}
