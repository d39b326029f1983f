/**
 * The bookings dashboard's server calls (issue 7 contract). The booking routes are not yet in the
 * generated schema, so the row and capacity types are written from the contract and the calls go
 * through the shared openapi-fetch client untyped; switch to `Schemas[...]` once generated.
 */
import { cleanQuery, type AdminListLoader } from '@/components/ui/AdminTableApi';
import { api, type DownloadPath } from '@/lib/api';

export type BookingKind = 'room' | 'markandeya' | 'poshavvadevi' | 'shitaladevi';
export const bookingKinds: BookingKind[] = ['room', 'markandeya', 'poshavvadevi', 'shitaladevi'];
export type BookingStatus = 'confirmed' | 'cancelled';
export type RoomType = 'standard' | 'deluxe' | 'suite';
export const roomTypes: RoomType[] = ['standard', 'deluxe', 'suite'];
export type PujaKind = Exclude<BookingKind, 'room'>;
export const pujaKinds: PujaKind[] = ['markandeya', 'poshavvadevi', 'shitaladevi'];

type Common = {
  id: number;
  reference: string;
  status: BookingStatus;
  created_at: string;
  fullName: string;
  email: string;
  phone: string;
  specialRequests?: string | null;
};
export type RoomBookingRow = Common & { checkIn: string; checkOut: string; guests: number; roomType: RoomType };
export type PujaBookingRow = Common & {
  pujaDate: string;
  pujaTime: string;
  pujaType: string;
  participants: number;
  gotra?: string | null;
};
export type BookingRow = RoomBookingRow | PujaBookingRow;

/** The list path of each kind (also the base of its delete, cancel and export paths). */
export const listPaths: Record<BookingKind, string> = {
  room: '/api/bookings',
  markandeya: '/api/abhishek-bookings',
  poshavvadevi: '/api/poshavvadevi-bookings',
  shitaladevi: '/api/shitaladevi-bookings',
};

/** Every kind offers `/export/excel` and `/export/pdf`. */
export const exportPaths = (kind: BookingKind) => ({
  excel: `${listPaths[kind]}/export/excel` as DownloadPath,
  pdf: `${listPaths[kind]}/export/pdf` as DownloadPath,
});

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

/** A list loader for one kind with the date-range and status filters added to the query. */
export function bookingLoader(kind: BookingKind, filters: BookingFilters): AdminListLoader<BookingRow> {
  return async (query, signal) => {
    const { data, error, response } = await call('GET')(listPaths[kind], {
      params: { query: cleanQuery({ ...query, ...filters }) },
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

export type Capacity = {
  rooms: Record<RoomType, number | null>;
  pujas_per_day: Record<PujaKind, number | null>;
};
export type BlockedDate = { id: number; kind: BookingKind; date: string; reason: string };
export type BlockedDateInput = Omit<BlockedDate, 'id'>;

export const loadCapacity = () => ok<Capacity>(call('GET')('/api/bookings/capacity'));
export const saveCapacity = (body: Capacity) => ok<Capacity>(call('PUT')('/api/bookings/capacity', { body }));
export const loadBlockedDates = () => ok<BlockedDate[]>(call('GET')('/api/bookings/blocked-dates'));
export const addBlockedDate = (body: BlockedDateInput) => ok<BlockedDate>(call('POST')('/api/bookings/blocked-dates', { body }));
export const removeBlockedDate = (id: number) =>
  ok<unknown>(call('DELETE')('/api/bookings/blocked-dates/{id}', { params: { path: { id } } }));
