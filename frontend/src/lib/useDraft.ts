/**
 * A long form's draft kept in this browser (localStorage), so that a reload, a closed tab or a
 * lost connection does not lose what was typed. The draft is read back once after hydration (in
 * an effect: the prerendered page and the render that hydrates it both draw the empty form, so
 * they agree), written on every change after that, and removed when the form is empty again (a
 * successful submit resets it) or by `clear()`.
 *
 * - One key per form, the same in both languages (what was typed does not depend on the page's
 *   language).
 * - Only text: a draft is strings, lists and objects of them (`DraftValue`), so a chosen file
 *   can never be stored; the form's `read` takes back only the fields it knows.
 * - A draft older than `DRAFT_MAX_AGE_DAYS` is dropped (a family's details do not stay on a
 *   shared computer for ever), as is anything unreadable.
 * - Storage refused (private mode, full) means no draft, never an error.
 */
import { useCallback, useEffect, useRef } from 'react';

export type DraftValue = string | readonly DraftValue[] | { readonly [key: string]: DraftValue };

/** A draft is kept at most this long after its last change. */
export const DRAFT_MAX_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

type Stored = { savedAt: number; value: unknown };

export type DraftOptions<T extends DraftValue> = {
  /** The stored value as the form's values, or null when it is not one (only known fields, only text). */
  read: (stored: unknown) => T | null;
  /** Puts a stored draft into the form (called at most once, after hydration). */
  restore: (draft: T) => void;
  /** True when the form holds nothing worth keeping: then no draft is kept. */
  isEmpty: (value: T) => boolean;
};

/** The stored draft under `key`, if there is a readable one that is not too old. */
export function loadDraft(key: string, now: number = Date.now()): unknown {
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Partial<Stored> | null;
    if (stored && typeof stored.savedAt === 'number' && now - stored.savedAt <= DRAFT_MAX_AGE_DAYS * DAY_MS && 'value' in stored) {
      return stored.value;
    }
  } catch {
    /* not JSON: dropped below */
  }
  removeDraft(key);
  return null;
}

export function saveDraft(key: string, value: DraftValue, now: number = Date.now()) {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now, value } satisfies Stored));
  } catch {
    /* storage refused or full: no draft */
  }
}

export function removeDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage refused: nothing was kept */
  }
}

/**
 * Keeps `value` (the form's current values) as the draft under `key`; returns `clear`, which
 * removes it (the form's own reset then keeps it removed, since an empty form stores nothing).
 */
export function useDraft<T extends DraftValue>(key: string, value: T, { read, restore, isEmpty }: DraftOptions<T>) {
  const options = useRef({ read, restore, isEmpty });
  options.current = { read, restore, isEmpty };
  // Nothing is written before the stored draft was read back: the first render's empty form
  // would otherwise replace it.
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const stored = loadDraft(key);
    const draft = stored === null ? null : options.current.read(stored);
    if (draft && !options.current.isEmpty(draft)) options.current.restore(draft);
    else if (stored !== null) removeDraft(key);
  }, [key]);

  // The render after a restore carries the restored values, which are written back unchanged.
  const skipFirst = useRef(true);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    if (options.current.isEmpty(value)) removeDraft(key);
    else saveDraft(key, value);
  }, [key, value]);

  const clear = useCallback(() => removeDraft(key), [key]);
  return { clear };
}
