/**
 * The bookings dashboard's server calls, through the shared openapi-fetch client. Each kind's
 * paths come from the server's generated table (`bindings/bookingKinds.ts`); the list, cancel
 * and delete paths are chosen by kind at run time, so those calls are loosely typed; the
 * capacity and closed-date calls are typed by the generated schema.
 */
import type { BookingKind } from '@bindings/BookingKind';
import { bookingKindFacts, bookingKindList } from '@bindings/bookingKinds';
import type { RoomType } from '@bindings/RoomType';
import { cleanQuery, type AdminListLoader } from '@/lib/adminList';
import { api, type DownloadPath, type Schemas } from '@/lib/api';
import { byKind } from '../kinds';

export type { BookingKind, RoomType };
export { bookingKindFacts, byKind };
export const bookingKinds: BookingKind[] = bookingKindList;
export type BookingStatus = 'confirmed' | 'cancelled';
export const roomTypes: RoomType[] = ['standard', 'deluxe', 'suite'];
export type PujaKind = Exclude<BookingKind, 'room'>;
/** The kinds booked by the day, each with its own daily limit. */
export const pujaKinds = bookingKindList.filter((kind): kind is PujaKind => bookingKindFacts[kind].form !== 'room');

/** A listed booking: the kind's booked values under the request's field names. */
export type BookingRow = Schemas['BookingRow'];

/** The list path of each kind (also the base of its delete, cancel and export paths). */
export const listPaths: Record<BookingKind, string> = byKind((kind) => bookingKindFacts[kind].apiPath);

/** Every kind offers `/export/excel` and `/export/pdf`. */
export const exportPaths: Record<BookingKind, { excel: DownloadPath; pdf: DownloadPath }> = byKind((kind) => ({
  excel: `${listPaths[kind]}/export/excel` as DownloadPath,
  pdf: `${listPaths[kind]}/export/pdf` as DownloadPath,
}));

export type BookingFilters = { from?: string; to?: string; status?: BookingStatus | '' };

type Result = { data?: unknown; error?: unknown; response: Response };
type Init = { params?: { query?: Record<string, unknown>; path?: Record<string, unknown> }; body?: unknown; signal?: AbortSignal };
type Call = (path: string, init?: Init) => Promise<Result>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => api[method] as unknown as Call;
const serverError = { error: 'Internal server error' };

async function ok<T>(promise: Promise<Result>): Promise<T> {
  const { data, error, response } = await promise;
  if (!response.ok) throw error ?? serverError;
  return data as T;
}

/** The list loader of one kind; the table adds the date-range and status filters to the query. */
export function bookingLoader(kind: BookingKind): AdminListLoader<BookingRow> {
  return async (query, signal) => {
    const { data, error, response } = await call('GET')(listPaths[kind], {
      params: { query: cleanQuery(query) },
      signal,
    });
    if (!response.ok || !Array.isArray(data)) throw error ?? serverError;
    const total = Number(response.headers.get('X-Total-Count') ?? NaN);
    return { rows: data as BookingRow[], total: Number.isFinite(total) ? total : data.length };
  };
}

export const deleteBooking = async (kind: BookingKind, id: number): Promise<void> => {
  await ok<unknown>(call('DELETE')(`${listPaths[kind]}/{id}`, { params: { path: { id } } }));
};

export const cancelBooking = (kind: BookingKind, id: number) =>
  ok<BookingRow>(call('POST')(`${listPaths[kind]}/{id}/cancel`, { params: { path: { id } } }));

/** Rooms per room type and bookings per puja per day; null (or absent) is no limit. */
export type Capacity = Schemas['Capacity'];
export type BlockedDate = Schemas['BlockedDate'];
export type BlockedDateInput = Schemas['BlockedDateInput'];

/** The answer's body, or the server's error body thrown. */
async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw error ?? serverError;
  return data;
}

export const loadCapacity = () => answer(api.GET('/api/bookings/capacity'));
export const saveCapacity = (body: Capacity) => answer(api.PUT('/api/bookings/capacity', { body }));
export const loadBlockedDates = () => answer(api.GET('/api/bookings/blocked-dates'));
export const addBlockedDate = (body: BlockedDateInput) => answer(api.POST('/api/bookings/blocked-dates', { body }));
export async function removeBlockedDate(id: number): Promise<void> {
  const { error, response } = await api.DELETE('/api/bookings/blocked-dates/{id}', { params: { path: { id } } });
  if (!response.ok) throw error ?? serverError;
}
