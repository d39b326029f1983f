/**
 * The mail calls of the dashboard (docs/DESIGN.md §14, role `communications`), through the one
 * client of lib/api.ts (its administrator token and its handling of 401 and 403): the outbox's
 * summary and its messages, sending a failed message again, and the updates to subscribers
 * (preview, a test to oneself, the real thing).
 *
 * Types come from the generated `lib/api-schema.d.ts` (`Schemas`), with the server's words for
 * kinds and states narrowed to the values it documents.
 */
import { listLoader, type AdminListLoader } from '@/lib/adminList';
import { api, formCall, type FormOutcome, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';

export type MailKind = 'booking' | 'confirmation' | 'update' | 'test';
export type MailState = 'waiting' | 'sending' | 'sent' | 'failed';

/** `GET /api/admin/mail`: whether mail is set up, from whom and how fast, and the outbox's counts. */
export type MailStatus = Schemas['MailStatus'];

/** One message of the outbox (the send log). Moments are RFC 3339. */
export type MailMessage = Omit<Schemas['MailMessage'], 'kind' | 'status' | 'lang'> & {
  kind: MailKind;
  status: MailState;
  lang: 'en' | 'mr';
};

export type Bilingual = { en: string; mr: string };

/** What an administrator writes: the subject and the message in both languages. */
export type UpdateInput = Schemas['UpdateInput'];

/** An update sent to the confirmed subscribers, with how far its sending has got. */
export type Update = Schemas['UpdateRow'];

/** One language's message exactly as subscribers get it (`html`: a whole small document). */
export type RenderedMail = Schemas['Composed'];
export type UpdatePreview = Schemas['UpdatePreview'];

type MessageQuery = NonNullable<NonNullable<paths['/api/admin/mail/messages']['get']['parameters']['query']>>;

const serverError = { error: 'Internal server error' };

/** Whether mail is set up, and the outbox's counts. Throws the server's error body on failure. */
export async function loadMailStatus(signal?: AbortSignal): Promise<MailStatus> {
  const { data, error, response } = await api.GET('/api/admin/mail', { signal });
  if (!response.ok || !data) throw error ?? serverError;
  return data;
}

/** The send log, by page, newest first unless sorted otherwise, with the status and kind filters. */
export const loadMailMessages: AdminListLoader<MailMessage> = async (query, signal) => {
  const { data, error, response } = await api.GET('/api/admin/mail/messages', {
    params: { query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as MessageQuery },
    signal,
  });
  if (!response.ok || !Array.isArray(data)) throw error ?? serverError;
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { rows: data as MailMessage[], total: Number.isFinite(total) ? total : data.length };
};

/** Sends a failed message again (it is `waiting` once more); 409 when it had not failed. */
export function retryMessage(id: number): Promise<FormOutcome<MailMessage>> {
  return formCall(() => api.POST('/api/admin/mail/messages/{id}/retry', { params: { path: { id } } })) as Promise<FormOutcome<MailMessage>>;
}

/** The updates sent, newest first. Throws the server's error body on failure. */
export async function loadUpdates(signal?: AbortSignal): Promise<Update[]> {
  const { data, error, response } = await api.GET('/api/admin/updates', { signal });
  if (!response.ok || !data) throw error ?? serverError;
  return data;
}

/** Sends the update to every confirmed subscriber: 201; 422 per field (`subject.en` …); 409 mail not set up. */
export function sendUpdate(body: UpdateInput): Promise<FormOutcome<Update>> {
  return formCall(() => api.POST('/api/admin/updates', { body }));
}

/** The messages subscribers would get, in both languages; 422 per field. */
export function previewUpdate(body: UpdateInput): Promise<FormOutcome<UpdatePreview>> {
  return formCall(() => api.POST('/api/admin/updates/preview', { body }));
}

/** Sends both languages to the signed-in administrator's own address: 202 `{to}`; 409 mail not set up. */
export function sendTestUpdate(body: UpdateInput): Promise<FormOutcome<{ to: string }>> {
  return formCall(() => api.POST('/api/admin/updates/test', { body }));
}

const subscribers = listLoader('/api/subscribers');

/** How many subscribers have confirmed (who an update goes to); null when it cannot be told. */
export async function countConfirmedSubscribers(signal?: AbortSignal): Promise<number | null> {
  try {
    const { total } = await subscribers({ status: 'confirmed', page: 1, per_page: 1 }, signal);
    return total;
  } catch (error) {
    console.error('Counting the confirmed subscribers failed', error);
    return null;
  }
}
