/**
 * The one way the client talks to the server: an openapi-fetch client typed by
 * `api-schema.d.ts`, which `npm run gen:api` generates from the server's openapi.json.
 * Components never write API URLs by hand; they call `api.GET('/notifications')` and the like.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api-schema';
import { forbiddenMessages, notifyForbidden, notifyUnauthorized, type ForbiddenReason } from './unauthorized';
import { saveBlob } from './download';
import { retryAfterSeconds } from './retryAfter';

export { setForbiddenHandler, setUnauthorizedHandler } from './unauthorized';

export type Schemas = components['schemas'];
/** The server's error body (docs/DESIGN.md §3): an English message, plus per-field messages on 422. */
export type ApiError = { error?: string; fields?: Record<string, string> };

const TOKEN_KEY = 'adminToken';

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearAdminToken() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing stored either */
  }
}

/** A call made outside openapi-fetch (an upload by XMLHttpRequest) had its token refused (401 or 403). */
export function adminRefused(status: number, body?: unknown) {
  if (status === 403) {
    const reason = forbiddenReasonOf(body);
    if (reason) notifyForbidden(reason);
    return;
  }
  clearAdminToken();
  notifyUnauthorized();
}

/** Calls that answer 401 for a wrong password rather than for a bad token (the member sign-in too). */
const credentialPaths = new Set(['/api/admin/login', '/api/auth/login']);
const attached = new WeakSet<Request>();

/** Which 403 of docs/DESIGN.md §10 a refusal's body is, from its message; null for another. */
function forbiddenReasonOf(body: unknown): ForbiddenReason | null {
  const message = body && typeof body === 'object' ? (body as ApiError).error : undefined;
  if (message === forbiddenMessages.password) return 'password';
  if (message === forbiddenMessages.roles) return 'roles';
  return null;
}

async function forbiddenReason(response: Response): Promise<ForbiddenReason | null> {
  try {
    return forbiddenReasonOf(await response.clone().json());
  } catch {
    return null; // not JSON: not one of ours
  }
}

/**
 * Adds the administrator's bearer token to every call that carries no Authorization header of
 * its own (public endpoints ignore it). When a call that carried the token is refused with 401
 * the token is dropped and the administrator is sent to /login. A 403 keeps the token (it is
 * good): the roles do not allow the call, or the password must be changed first; the dashboard's
 * shell says so in place or goes to the password change (`setForbiddenHandler`).
 */
export const adminTokenMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getAdminToken();
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
      attached.add(request);
    }
    return request;
  },
  async onResponse({ request, response, schemaPath }) {
    if (!attached.has(request) || credentialPaths.has(schemaPath)) return response;
    if (response.status === 401) {
      clearAdminToken();
      notifyUnauthorized();
    } else if (response.status === 403) {
      const reason = await forbiddenReason(response);
      if (reason) notifyForbidden(reason);
    }
    return response;
  },
};

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Looked up on each call (not captured once) so tests can stub fetch.
  fetch: (request: Request) => globalThis.fetch(request),
});
api.use(adminTokenMiddleware);

/** The server's English message for a failed call, or `fallback`. Translate it with t(). */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error && typeof (error as ApiError).error === 'string') {
    return (error as ApiError).error || fallback;
  }
  return fallback;
}

/**
 * A form's call refused, or not answered: the status (0: no answer), the server's English message,
 * its per-field messages, and on a 429 the seconds its `Retry-After` asks to wait (null when it
 * gave none that can be read). `lib/tooMany.ts` turns a 429 into the form's alert.
 */
export type FormRefusal = { ok: false; status: number; error: string; fields: Record<string, string>; retryAfter: number | null };

/** The outcome of a form's call: the answer, or the refusal. */
export type FormOutcome<T> = { ok: true; data: T } | FormRefusal;

/** The refusal a response and its parsed error body make. */
export function formRefusal(response: Response, error: unknown): FormRefusal {
  return {
    ok: false,
    status: response.status,
    error: errorText(error, ''),
    fields: fieldErrors(error),
    retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
  };
}

/** A form's call that got no answer at all. */
export const unanswered: FormRefusal = { ok: false, status: 0, error: '', fields: {}, retryAfter: null };

/** Runs a form's call through the generated client; a refusal, or no answer at all, becomes a FormOutcome too. */
export async function formCall<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<FormOutcome<T>> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data !== undefined) return { ok: true, data };
    return formRefusal(response, error);
  } catch (error) {
    console.error('The call failed', error);
    return unanswered;
  }
}

/** The per-field messages of a 422 answer, or an empty object. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'fields' in error) {
    const fields = (error as ApiError).fields;
    if (fields && typeof fields === 'object') return fields;
  }
  return {};
}

/** The file name a server named in Content-Disposition (RFC 6266, with filename* preferred). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return fallback;
}

/** Paths that answer a file to GET (the exports). */
export type DownloadPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: infer C } } } }
    ? 'application/json' extends keyof C
      ? never
      : P
    : never;
}[keyof paths];

export type DownloadQuery = Record<string, string | number | undefined>;

/**
 * Fetches an export with the administrator token and saves it under the server's file name.
 * `pathParams` fill a path such as `/api/family-members/excel/{id}`.
 * Throws the server's error body (or a network error) on failure.
 */
export async function downloadFile(
  path: DownloadPath,
  query?: DownloadQuery,
  fallbackName = 'download',
  pathParams?: Record<string, string | number>,
): Promise<string> {
  const clean = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
  // The generated types differ per path; every export path takes the same optional query.
  const get = api.GET as unknown as (
    p: string,
    init: { params: { query?: DownloadQuery; path?: Record<string, string | number> }; parseAs: 'blob' },
  ) => Promise<{ data?: Blob; error?: unknown; response: Response }>;
  const { data, error, response } = await get(path, { params: { query: clean, path: pathParams }, parseAs: 'blob' });
  if (!response.ok || !data) throw error ?? { error: 'Internal server error' };
  return saveAnswer(data, response, fallbackName);
}

/** Saves a file the server answered under the name its Content-Disposition gives (else `fallbackName`). */
function saveAnswer(data: Blob, response: Response, fallbackName: string): string {
  const name = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(data, name);
  return name;
}

/** A call of the generated client that answers a file (`parseAs: 'blob'`), whatever its method. */
export type FileCall = () => Promise<{ data?: Blob; error?: unknown; response: Response }>;

/** A download saved under its name, or refused (with its status and the server's message), or not answered (status 0). */
export type DownloadOutcome = { ok: true; name: string } | FormRefusal;

/**
 * Runs a call that answers a file, such as a POST that prepares one (a fresh backup), through
 * the generated client (so with the administrator token and its handling of 401 and 403), and
 * saves the file under the server's file name. Never throws: a refusal keeps its status, so the
 * page can say what a 409 or a 503 means.
 */
export async function saveDownload(call: FileCall, fallbackName: string): Promise<DownloadOutcome> {
  try {
    const { data, error, response } = await call();
    if (!response.ok || !data) return formRefusal(response, error);
    return { ok: true, name: saveAnswer(data, response, fallbackName) };
  } catch (error) {
    console.error('The download failed', error);
    return unanswered;
  }
}
