/**
 * The four booking kinds as data (issue 7): one form renders each from this table.
 * The rules are the server's generated tables `roomBooking`, `markandeyaBooking`, `pujaBooking`.
 */
import type { BookingKind } from '@bindings/BookingKind';
import { pageTitles } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { validationRules, type FormRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';

export type { BookingKind };

export const ROOM_TYPES = ['standard', 'deluxe', 'suite'] as const;
export const MARKANDEYA_PUJA_TYPES = ['Rudrabhishek', 'Laghu Rudra', 'Maha Rudra', 'Ekadash Rudra'] as const;

// The server's rule tables (one source of rules, DESIGN §4).
export const roomRules: FormRules = validationRules.roomBooking;
export const markandeyaRules: FormRules = validationRules.markandeyaBooking;
export const pujaRules: FormRules = validationRules.pujaBooking;

export type KindConfig = {
  kind: BookingKind;
  /** The page's title (i18n key), as the table of public pages gives it. */
  title: string;
  path: string;
  /** POST path (contract table). */
  postPath: '/api/bookings' | '/api/abhishek-bookings' | '/api/poshavvadevi-bookings' | '/api/shitaladevi-bookings';
  fileName: string;
  rules: FormRules;
  /** Fields in display order; the form picks the input for each. */
  fields: string[];
  success: string;
  failure: string;
  /** The field a 409 (full / blocked) message belongs under. */
  dateField: 'checkIn' | 'pujaDate';
};

const pujaFields = ['fullName', 'email', 'phone', 'pujaDate', 'pujaTime', 'pujaType', 'participants', 'specialRequests'];

const puja = (kind: BookingKind, path: string, postPath: KindConfig['postPath'], fileName: string): KindConfig => ({
  kind,
  title: pageTitles[path as keyof typeof pageTitles],
  path,
  postPath,
  fileName,
  rules: kind === 'markandeya' ? markandeyaRules : pujaRules,
  fields: kind === 'markandeya' ? [...pujaFields.slice(0, 6), 'gotra', ...pujaFields.slice(6)] : pujaFields,
  success: i18nKey('Booking successful!'),
  failure: i18nKey('Booking failed'),
  dateField: 'pujaDate',
});

export const kinds: Record<BookingKind, KindConfig> = {
  room: {
    kind: 'room',
    title: pageTitles[paths.alandiRoomBooking],
    path: paths.alandiRoomBooking,
    postPath: '/api/bookings',
    fileName: 'booking_confirmation.pdf',
    rules: roomRules,
    fields: ['fullName', 'email', 'phone', 'checkIn', 'checkOut', 'guests', 'roomType', 'specialRequests'],
    success: i18nKey('Booking submitted successfully!'),
    failure: i18nKey('Submission failed'),
    dateField: 'checkIn',
  },
  markandeya: puja('markandeya', paths.markandeyaAbhishek, '/api/abhishek-bookings', 'abhishek_booking_confirmation.pdf'),
  poshavvadevi: puja('poshavvadevi', paths.poshavvadeviAbhishek, '/api/poshavvadevi-bookings', 'poshavvadevi_booking_confirmation.pdf'),
  shitaladevi: puja('shitaladevi', paths.shitaladeviAbhishek, '/api/shitaladevi-bookings', 'shitaladevi_booking_confirmation.pdf'),
};

/** The form's starting values: Rudrabhishek is Markandeya's default, one guest / participant. */
export function initialValues(kind: BookingKind): Record<string, string> {
  const common = { fullName: '', email: '', phone: '', specialRequests: '' };
  if (kind === 'room') return { ...common, checkIn: '', checkOut: '', guests: '1', roomType: 'standard' };
  const pujaValues = { ...common, pujaDate: '', pujaTime: '', participants: '1', pujaType: kind === 'markandeya' ? 'Rudrabhishek' : '' };
  return kind === 'markandeya' ? { ...pujaValues, gotra: '' } : pujaValues;
}
