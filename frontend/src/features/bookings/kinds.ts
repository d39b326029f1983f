/**
 * The booking kinds as data: one form renders each from this table. Each kind's paths, titles
 * and file names come from the server's generated table (`bindings/bookingKinds.ts`); the rules
 * are the server's generated tables `roomBooking`, `markandeyaBooking`, `pujaBooking`.
 */
import type { BookingKind } from '@bindings/BookingKind';
import { bookingKindFacts, bookingKindList, type BookingForm } from '@bindings/bookingKinds';
import { validationRules, type FormRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';

export type { BookingKind, BookingForm };
export { bookingKindFacts, bookingKindList };

/** A table with one entry for every kind, made by `make`. */
export function byKind<T>(make: (kind: BookingKind) => T): Record<BookingKind, T> {
  return Object.fromEntries(bookingKindList.map((kind) => [kind, make(kind)])) as Record<BookingKind, T>;
}

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
  postPath: (typeof bookingKindFacts)[BookingKind]['apiPath'];
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

/** What each form asks for and says. */
const forms: Record<BookingForm, Pick<KindConfig, 'rules' | 'fields' | 'success' | 'failure' | 'dateField'>> = {
  room: {
    rules: roomRules,
    fields: ['fullName', 'email', 'phone', 'checkIn', 'checkOut', 'guests', 'roomType', 'specialRequests'],
    success: i18nKey('Booking submitted successfully!'),
    failure: i18nKey('Submission failed'),
    dateField: 'checkIn',
  },
  markandeya: {
    rules: markandeyaRules,
    fields: [...pujaFields.slice(0, 6), 'gotra', ...pujaFields.slice(6)],
    success: i18nKey('Booking successful!'),
    failure: i18nKey('Booking failed'),
    dateField: 'pujaDate',
  },
  puja: {
    rules: pujaRules,
    fields: pujaFields,
    success: i18nKey('Booking successful!'),
    failure: i18nKey('Booking failed'),
    dateField: 'pujaDate',
  },
};

export const kinds = byKind((kind): KindConfig => {
  const facts = bookingKindFacts[kind];
  return { kind, title: facts.title, path: facts.page, postPath: facts.apiPath, fileName: facts.confirmationFile, ...forms[facts.form] };
});

/** The form's starting values: Rudrabhishek is Markandeya's default, one guest / participant. */
export function initialValues(kind: BookingKind): Record<string, string> {
  const common = { fullName: '', email: '', phone: '', specialRequests: '' };
  const form = bookingKindFacts[kind].form;
  if (form === 'room') return { ...common, checkIn: '', checkOut: '', guests: '1', roomType: 'standard' };
  const pujaValues = { ...common, pujaDate: '', pujaTime: '', participants: '1', pujaType: form === 'markandeya' ? 'Rudrabhishek' : '' };
  return form === 'markandeya' ? { ...pujaValues, gotra: '' } : pujaValues;
}
