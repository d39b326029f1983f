/**
 * The bookings' public calls, through the shared openapi-fetch client typed by the generated
 * schema: the booking itself (answered with the PDF), the full and closed days, and the check
 * of a booking by reference and code, and the booking policy.
 */
import { api, fileNameFrom, formRefusal, unanswered, type FormRefusal, type Schemas } from '@/lib/api';
import type { paths } from '@/lib/api-schema';
import type { BookingKind, KindConfig } from './kinds';
import { DEFAULT_POLICY, readPolicy, type BookingPolicy } from './policy';

/** The form's values by field name, numbers already numbers; built from the kind's field list, and `website` (the honeypot). */
export type BookingBody = Record<string, string | number>;
/** What the server takes on the booking paths (one of the three booking forms). */
type BookingInput = NonNullable<paths[KindConfig['postPath']]['post']['requestBody']>['content']['application/json'];

export type SubmitResult =
  | { ok: true; reference: string; code: string; fileName: string; pdf: Blob }
  | FormRefusal;

/** POST the booking; success is the PDF itself with the reference in X-Booking-Reference. */
export async function submitBooking(config: KindConfig, body: BookingBody): Promise<SubmitResult> {
  try {
    // The body holds exactly the kind's fields (kinds.ts), so it is that kind's input.
    const { data, error, response } = await api.POST(config.postPath, { body: body as BookingInput, parseAs: 'blob' });
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
    return formRefusal(response, parsed);
  } catch (error) {
    console.error(error);
    return unanswered;
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

export type Availability = Schemas['Availability'];
type RoomType = Schemas['RoomType'];

/** Full and blocked dates of a kind (and room type) between two dates; empty when unknown. */
export async function fetchAvailability(kind: BookingKind, from: string, to: string, roomType?: RoomType): Promise<Availability> {
  try {
    const query = roomType ? { kind, from, to, room_type: roomType } : { kind, from, to };
    const { data, response } = await api.GET('/api/bookings/availability', { params: { query } });
    if (!response.ok || !data || typeof data !== 'object') return { full: [], blocked: [] };
    return { full: Array.isArray(data.full) ? data.full : [], blocked: Array.isArray(data.blocked) ? data.blocked : [] };
  } catch {
    // Availability only explains dates early; the server still decides on submit.
    return { full: [], blocked: [] };
  }
}

/** The booking policy; its defaults when it cannot be had (the server still decides on submit). */
export async function fetchPolicy(): Promise<BookingPolicy> {
  try {
    const { data, response } = await api.GET('/api/bookings/policy');
    return response.ok ? readPolicy(data) : DEFAULT_POLICY;
  } catch {
    return DEFAULT_POLICY;
  }
}

export type BookingCheck = Schemas['BookingCheck'];

export type CheckResult = { ok: true; booking: BookingCheck } | { ok: false; status: number };

/** The public check of a booking by reference and secret code. */
export async function checkBooking(reference: string, code: string): Promise<CheckResult> {
  try {
    const { data, response } = await api.GET('/api/bookings/verify/{reference}', { params: { path: { reference }, query: { code } } });
    if (response.ok && data) return { ok: true, booking: data };
    return { ok: false, status: response.status };
  } catch {
    return { ok: false, status: 0 };
  }
}
