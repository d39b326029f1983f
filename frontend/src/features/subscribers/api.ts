import { api } from '@/lib/api';
import { retryAfterSeconds } from '@/lib/retryAfter';

export type SubscribeResult =
  /**
   * Subscribed (201), or an address still waiting or unsubscribed subscribed again (200);
   * `confirmationSent`: a confirmation link went to the e-mail address (updates start once it is
   * followed, docs/DESIGN.md §14).
   */
  | { ok: true; confirmationSent: boolean }
  /**
   * The server refused the value: its English message (a 422 field message, the 409 text, the
   * 429 text), the status, and a 429's wait in seconds (null: none given).
   */
  | { ok: false; kind: 'refused'; message: string; status: number; retryAfter: number | null }
  | { ok: false; kind: 'network' };

/** POST /api/subscribers {value, website} (`website`: the honeypot, empty from people): 201 or 200 is success. */
export async function subscribe(value: string, website: string): Promise<SubscribeResult> {
  try {
    const { data, response, error } = await api.POST('/api/subscribers', { body: { value, website } });
    // `confirmation_sent` is read loosely until the generated API types have it.
    if (response.ok) return { ok: true, confirmationSent: (data as { confirmation_sent?: unknown } | undefined)?.confirmation_sent === true };
    const body = (error ?? {}) as { error?: string; fields?: Record<string, string> };
    const message = body.fields?.value ?? body.error ?? 'Something went wrong.';
    return { ok: false, kind: 'refused', message, status: response.status, retryAfter: retryAfterSeconds(response.headers.get('Retry-After')) };
  } catch (error) {
    console.error(error);
    return { ok: false, kind: 'network' };
  }
}

/** Browser flag set after a successful subscription (docs/SPECIFICATION.md §3). */
export const SUBSCRIBED_FLAG = 'isSubscribed';
