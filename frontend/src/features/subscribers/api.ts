import { api } from '@/lib/api';

export type SubscribeResult =
  | { ok: true }
  /** The server refused the value: its English message (a 422 field message or the 409 text). */
  | { ok: false; kind: 'refused'; message: string }
  | { ok: false; kind: 'network' };

/** POST /api/subscribers {value}. */
export async function subscribe(value: string): Promise<SubscribeResult> {
  try {
    const { response, error } = await api.POST('/api/subscribers', { body: { value } });
    if (response.ok) return { ok: true };
    const body = (error ?? {}) as { error?: string; fields?: Record<string, string> };
    const message = body.fields?.value ?? body.error ?? 'Something went wrong.';
    return { ok: false, kind: 'refused', message };
  } catch (error) {
    console.error(error);
    return { ok: false, kind: 'network' };
  }
}

/** Browser flag set after a successful subscription (docs/SPECIFICATION.md §3). */
export const SUBSCRIBED_FLAG = 'isSubscribed';
