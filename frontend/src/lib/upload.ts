/**
 * Multipart uploads that report their progress. fetch cannot tell how much of a body has been
 * sent, so the calls that carry files (the media uploads, Create Profile, a profile's edit) go by
 * XMLHttpRequest through here; every other call uses the generated client (./api.ts).
 */
import { adminRefused, errorText, fieldErrors, getAdminToken, type ApiError } from './api';
import { retryAfterSeconds } from './retryAfter';
import { i18nKey } from './text';

/**
 * A refused or unanswered upload: the status (0: no answer), the server's error body, if any,
 * and the seconds its `Retry-After` asks to wait (null without one).
 */
export type UploadRefusal = { ok: false; status: number; error?: ApiError; retryAfter?: number | null };
/** The end of an upload: the answer's body, or the refusal. */
export type UploadOutcome<T = unknown> = { ok: true; status: number; data: T } | UploadRefusal;

export type UploadRequest = {
  method: 'POST' | 'PUT';
  /** The API path with its parameters filled in. */
  path: string;
  form: FormData;
  /** Sent as `Authorization: Bearer …` when given. */
  token?: string | null;
  /** The share of the body sent, 0..1. */
  onProgress: (sent: number) => void;
  /** Called at once when the server refuses the token sent (401/403), before the outcome arrives. */
  onTokenRefused?: (status: number, body: unknown) => void;
};

/** A response body as JSON, or undefined when it is empty or not JSON. */
export function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends the form; resolves with any 2xx answer as `ok`, anything else (or no answer) as a refusal. */
export function upload({ method, path, form, token, onProgress, onTokenRefused }: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, status: xhr.status, data: body });
        return;
      }
      if ((xhr.status === 401 || xhr.status === 403) && token) onTokenRefused?.(xhr.status, body);
      resolve({
        ok: false,
        status: xhr.status,
        error: body && typeof body === 'object' ? (body as ApiError) : undefined,
        retryAfter: retryAfterSeconds(xhr.getResponseHeader('Retry-After')),
      });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, retryAfter: null });
    xhr.onabort = () => resolve({ ok: false, status: 0, retryAfter: null });
    xhr.send(form);
  });
}

/**
 * An upload with the administrator's token. A refused token (401) is dropped and the
 * administrator sent to /login, a 403 said in place, as the generated client's middleware does
 * for its calls.
 */
export function adminUpload(request: Omit<UploadRequest, 'token' | 'onTokenRefused'>): Promise<UploadOutcome> {
  return upload({ ...request, token: getAdminToken(), onTokenRefused: adminRefused });
}

/**
 * The English messages (i18n keys) that say why an image upload was refused: the server's
 * per-field messages, else its message when it has a translation (`known`), else one for the
 * status, so that a Marathi page never shows an English sentence.
 */
export function uploadRefusalKeys(outcome: UploadRefusal, known: (key: string) => boolean): string[] {
  if (outcome.status === 0) return [i18nKey('The upload did not reach the server. Please check your connection and try again.')];
  const fields = Object.values(fieldErrors(outcome.error));
  if (fields.length > 0) return fields;
  const fallback =
    outcome.status === 415
      ? i18nKey('The file is not a JPEG, PNG, WebP or GIF image.')
      : outcome.status === 413
        ? i18nKey('This file is too large to upload.')
        : i18nKey('The upload failed. Please try again.');
  const message = errorText(outcome.error, fallback);
  return [known(message) ? message : fallback];
}
