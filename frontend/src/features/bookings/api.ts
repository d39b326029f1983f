/**
 * The bookings' calls, through the shared openapi-fetch client. The booking paths join the
 * generated schema when the server branch lands; until then they are called untyped here.
 */
import { api, errorText, fieldErrors, fileNameFrom } from '@/lib/api';
import type { BookingKind, KindConfig } from './kinds';

type Untyped = (
  path: string,
  init: { body?: unknown; params?: { query?: Record<string, string>; path?: Record<string, string> }; parseAs?: 'blob' | 'json' },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const post = api.POST as unknown as Untyped;
const get = api.GET as unknown as Untyped;

export type BookingBody = Record<string, string | number>;

export type SubmitResult =
  | { ok: true; reference: string; code: string; fileName: string; pdf: Blob }
  | { ok: false; status: number; error: string; fields: Record<string, string> };

/** POST the booking; success is the PDF itself with the reference in X-Booking-Reference. */
export async function submitBooking(config: KindConfig, body: BookingBody): Promise<SubmitResult> {
  try {
    const { data, error, response } = await post(config.postPath, { body, parseAs: 'blob' });
    if (response.ok && isBlob(data)) {
      return {
        ok: true,
        reference: response.headers.get('X-Booking-Reference') ?? '',
        // The check page's secret code, when the server sends it (needed for the share link).
        code: response.headers.get('X-Booking-Code') ?? '',
        fileName: fileNameFrom(response.headers.get('Content-Disposition'), config.fileName),
        pdf: data,
      };
    }
    // openapi-fetch parsed the error body as a blob: read it back as JSON.
    const parsed = isBlob(error) ? await error.text().then((text) => safeJson(text)) : error;
    return { ok: false, status: response.status, error: errorText(parsed, ''), fields: fieldErrors(parsed) };
  } catch (error) {
    console.error(error);
    return { ok: false, status: 0, error: '', fields: {} };
  }
}

/** A Blob from any realm (the browser's, or the test runtime's fetch). */
function isBlob(value: unknown): value is Blob {
  return !!value && typeof value === 'object' && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).text === 'function';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Saves a blob under `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export type Availability = { full: string[]; blocked: Array<{ date: string; reason: string }> };

/** Full and blocked dates of a kind (and room type) between two dates; empty when unknown. */
export async function fetchAvailability(kind: BookingKind, from: string, to: string, roomType?: string): Promise<Availability> {
  try {
    const query: Record<string, string> = { kind, from, to };
    if (roomType) query.room_type = roomType;
    const { data, response } = await get('/api/bookings/availability', { params: { query } });
    if (!response.ok || !data || typeof data !== 'object') return { full: [], blocked: [] };
    const body = data as Partial<Availability>;
    return { full: Array.isArray(body.full) ? body.full : [], blocked: Array.isArray(body.blocked) ? body.blocked : [] };
  } catch {
    // Availability only explains dates early; the server still decides on submit.
    return { full: [], blocked: [] };
  }
}

export type BookingCheck = {
  reference: string;
  kind: BookingKind;
  status: 'confirmed' | 'cancelled';
  date: string;
  end_date: string | null;
  time: string | null;
  first_name: string;
};

export type CheckResult = { ok: true; booking: BookingCheck } | { ok: false; status: number };

/** The public check of a booking by reference and secret code. */
export async function checkBooking(reference: string, code: string): Promise<CheckResult> {
  try {
    const { data, response } = await get('/api/bookings/verify/{reference}', { params: { path: { reference }, query: { code } } });
    if (response.ok && data) return { ok: true, booking: data as BookingCheck };
    return { ok: false, status: response.status };
  } catch {
    return { ok: false, status: 0 };
  }
}
