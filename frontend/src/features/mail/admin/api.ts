/**
 * The mail calls of the dashboard (docs/DESIGN.md §14, role `communications`), through the one
 * client of lib/api.ts (its administrator token and its handling of 401 and 403): the outbox's
 * summary and its messages, sending a failed message again, and the updates to subscribers
 * (preview, a test to oneself, the real thing).
 *
 * Until the server's OpenAPI document lists these routes, the types below state the contract
 * (`MailPaths`, in the shape openapi-typescript gives `lib/api-schema.d.ts`). Once
 * `npm run gen:api` has them, this file takes its types from `Schemas` and calls `api` directly;
 * nothing else changes.
 */
import type { Client } from 'openapi-fetch';
import { listLoader, type AdminListLoader } from '@/lib/adminList';
import { api, formCall, type ApiError, type FormOutcome } from '@/lib/api';

export type MailKind = 'booking' | 'confirmation' | 'update' | 'test';
export type MailState = 'waiting' | 'sending' | 'sent' | 'failed';

/** `GET /api/admin/mail`: whether mail is set up, from whom and how fast, and the outbox's counts. */
export type MailStatus = {
  configured: boolean;
  from: string | null;
  rate_per_minute: number | null;
  waiting: number;
  sending: number;
  sent: number;
  failed: number;
};

/** One message of the outbox (the send log). Moments are RFC 3339. */
export type MailMessage = {
  id: number;
  kind: MailKind;
  recipient: string;
  lang: 'en' | 'mr';
  subject: string;
  status: MailState;
  attempts: number;
  last_error: string | null;
  update_id: number | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
};

export type Bilingual = { en: string; mr: string };

/** What an administrator writes: the subject and the message in both languages. */
export type UpdateInput = { subject: Bilingual; body: Bilingual };

/** An update sent to the confirmed subscribers, with how far its sending has got. */
export type Update = UpdateInput & {
  id: number;
  created_at: string;
  /** The administrator who sent it (their e-mail). */
  created_by: string;
  recipients: number;
  sent: number;
  failed: number;
  waiting: number;
};

/** One language's message exactly as subscribers get it (`html`: a whole small document). */
export type RenderedMail = { subject: string; text: string; html: string };
export type UpdatePreview = { en: RenderedMail; mr: RenderedMail };

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Refusals = { 401: Json<ApiError>; 403: Json<ApiError>; 500: Json<ApiError>; 503: Json<ApiError> };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type MessageQuery = { q?: string; page?: number; per_page?: number; sort?: string; status?: MailState; kind?: MailKind };
type Route = { parameters: NoParameters; get?: never; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never };
type Get<T, P = NoParameters> = { parameters: P; requestBody?: never; responses: { 200: Json<T> } & Refusals };
type Post<Body, Answers> = { parameters: NoParameters; requestBody: { content: { 'application/json': Body } }; responses: Answers & Refusals };
type ById = { query?: never; header?: never; path: { id: number }; cookie?: never };

/** The mail routes (the contract of issue 21), for the generated client until it has them. */
export type MailPaths = {
  '/api/admin/mail': Omit<Route, 'get'> & { get: Get<MailStatus> };
  '/api/admin/mail/messages': Omit<Route, 'get'> & {
    get: Get<MailMessage[], { query?: MessageQuery; header?: never; path?: never; cookie?: never }> & { responses: { 400: Json<ApiError> } };
  };
  '/api/admin/mail/messages/{id}/retry': Omit<Route, 'post' | 'parameters'> & {
    parameters: ById;
    post: { parameters: ById; requestBody?: never; responses: { 200: Json<MailMessage>; 404: Json<ApiError>; 409: Json<ApiError> } & Refusals };
  };
  '/api/admin/updates': Omit<Route, 'get' | 'post'> & {
    get: Get<Update[]>;
    post: Post<UpdateInput, { 201: Json<Update>; 409: Json<ApiError>; 422: Json<ApiError> }>;
  };
  '/api/admin/updates/preview': Omit<Route, 'post'> & { post: Post<UpdateInput, { 200: Json<UpdatePreview>; 422: Json<ApiError> }> };
  '/api/admin/updates/test': Omit<Route, 'post'> & { post: Post<UpdateInput, { 202: Json<{ to: string }>; 409: Json<ApiError>; 422: Json<ApiError> }> };
};

// The same client (token, refusals), typed with the mail routes until the generated types have them.
const mailApi = api as unknown as Client<MailPaths>;

const serverError = { error: 'Internal server error' };

/** Whether mail is set up, and the outbox's counts. Throws the server's error body on failure. */
export async function loadMailStatus(signal?: AbortSignal): Promise<MailStatus> {
  const { data, error, response } = await mailApi.GET('/api/admin/mail', { signal });
  if (!response.ok || !data) throw error ?? serverError;
  return data;
}

/** The send log, by page, newest first unless sorted otherwise, with the status and kind filters. */
export const loadMailMessages: AdminListLoader<MailMessage> = async (query, signal) => {
  const { data, error, response } = await mailApi.GET('/api/admin/mail/messages', {
    params: { query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as MessageQuery },
    signal,
  });
  if (!response.ok || !Array.isArray(data)) throw error ?? serverError;
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { rows: data, total: Number.isFinite(total) ? total : data.length };
};

/** Sends a failed message again (it is `waiting` once more); 409 when it had not failed. */
export function retryMessage(id: number): Promise<FormOutcome<MailMessage>> {
  return formCall(() => mailApi.POST('/api/admin/mail/messages/{id}/retry', { params: { path: { id } } }));
}

/** The updates sent, newest first. Throws the server's error body on failure. */
export async function loadUpdates(signal?: AbortSignal): Promise<Update[]> {
  const { data, error, response } = await mailApi.GET('/api/admin/updates', { signal });
  if (!response.ok || !data) throw error ?? serverError;
  return data;
}

/** Sends the update to every confirmed subscriber: 201; 422 per field (`subject.en` …); 409 mail not set up. */
export function sendUpdate(body: UpdateInput): Promise<FormOutcome<Update>> {
  return formCall(() => mailApi.POST('/api/admin/updates', { body }));
}

/** The messages subscribers would get, in both languages; 422 per field. */
export function previewUpdate(body: UpdateInput): Promise<FormOutcome<UpdatePreview>> {
  return formCall(() => mailApi.POST('/api/admin/updates/preview', { body }));
}

/** Sends both languages to the signed-in administrator's own address: 202 `{to}`; 409 mail not set up. */
export function sendTestUpdate(body: UpdateInput): Promise<FormOutcome<{ to: string }>> {
  return formCall(() => mailApi.POST('/api/admin/updates/test', { body }));
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
