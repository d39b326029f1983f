/**
 * The four booking kinds as data (issue 7): one form renders each from this table.
 * The rule tables mirror spec §5; once the server exports `roomBooking`, `markandeyaBooking` and
 * `pujaBooking` into bindings/validationRules.ts these local tables are replaced by those.
 */
import { paths } from '@/config/paths';
import type { FormRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';

export type BookingKind = 'room' | 'markandeya' | 'poshavvadevi' | 'shitaladevi';

export const ROOM_TYPES = ['standard', 'deluxe', 'suite'] as const;
export const MARKANDEYA_PUJA_TYPES = ['Rudrabhishek', 'Laghu Rudra', 'Maha Rudra', 'Ekadash Rudra'] as const;

const person: FormRules = {
  fullName: [
    { kind: 'required', message: i18nKey('Full name is required') },
    { kind: 'letters', message: i18nKey('Name should contain only letters') },
    { kind: 'maxLength', max: 100, message: i18nKey('Maximum 100 characters allowed') },
  ],
  email: [
    { kind: 'required', message: i18nKey('Email is required') },
    { kind: 'email', message: i18nKey('Invalid email format') },
    { kind: 'maxLength', max: 254, message: i18nKey('Maximum 254 characters allowed') },
  ],
  phone: [
    { kind: 'required', message: i18nKey('Phone number is required') },
    { kind: 'exactDigits', length: 10, message: i18nKey('Phone must be 10 digits') },
  ],
};

const specialRequests = [
  { kind: 'maxLength' as const, max: 500, message: i18nKey('Maximum 500 characters allowed') },
  { kind: 'noEmoji' as const, message: i18nKey('Emojis are not allowed') },
];

export const roomRules: FormRules = {
  ...person,
  checkIn: [
    { kind: 'required', message: i18nKey('Check-in date is required') },
    { kind: 'date', message: i18nKey('Please enter a valid date') },
    { kind: 'notPast', message: i18nKey('The date cannot be in the past') },
  ],
  checkOut: [
    { kind: 'required', message: i18nKey('Check-out date is required') },
    { kind: 'date', message: i18nKey('Please enter a valid date') },
    { kind: 'after', field: 'checkIn', message: i18nKey('Check-out must be after check-in') },
  ],
  guests: [
    { kind: 'required', message: i18nKey('Number of guests is required') },
    { kind: 'minNumber', min: 1, message: i18nKey('At least 1 guest') },
  ],
  roomType: [
    { kind: 'required', message: i18nKey('Room type is required') },
    { kind: 'oneOf', values: [...ROOM_TYPES], message: i18nKey('Room type is required') },
  ],
  specialRequests,
};

const pujaCommon: FormRules = {
  ...person,
  pujaDate: [
    { kind: 'required', message: i18nKey('Puja date is required') },
    { kind: 'date', message: i18nKey('Please enter a valid date') },
    { kind: 'notPast', message: i18nKey('The date cannot be in the past') },
  ],
  pujaTime: [{ kind: 'required', message: i18nKey('Puja time is required') }],
  participants: [
    { kind: 'required', message: i18nKey('Number of participants is required') },
    { kind: 'minNumber', min: 1, message: i18nKey('At least 1 participant') },
  ],
  specialRequests,
};

export const pujaRules: FormRules = {
  ...pujaCommon,
  pujaType: [{ kind: 'maxLength', max: 100, message: i18nKey('Maximum 100 characters allowed') }],
};

export const markandeyaRules: FormRules = {
  ...pujaCommon,
  pujaType: [{ kind: 'oneOf', values: [...MARKANDEYA_PUJA_TYPES], message: i18nKey('Please choose a puja type') }],
  gotra: [
    { kind: 'required', message: i18nKey('Gotra is required') },
    { kind: 'maxLength', max: 100, message: i18nKey('Maximum 100 characters allowed') },
  ],
};

export type KindConfig = {
  kind: BookingKind;
  /** The page's title (i18n key). */
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

const puja = (kind: BookingKind, title: string, path: string, postPath: KindConfig['postPath'], fileName: string): KindConfig => ({
  kind,
  title,
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
    title: i18nKey('Alandi Room Booking'),
    path: paths.alandiRoomBooking,
    postPath: '/api/bookings',
    fileName: 'booking_confirmation.pdf',
    rules: roomRules,
    fields: ['fullName', 'email', 'phone', 'checkIn', 'checkOut', 'guests', 'roomType', 'specialRequests'],
    success: i18nKey('Booking submitted successfully!'),
    failure: i18nKey('Submission failed'),
    dateField: 'checkIn',
  },
  markandeya: puja('markandeya', i18nKey('Markandeya Abhishek'), paths.markandeyaAbhishek, '/api/abhishek-bookings', 'abhishek_booking_confirmation.pdf'),
  poshavvadevi: puja('poshavvadevi', i18nKey('Poshavvadevi Abhishek'), paths.poshavvadeviAbhishek, '/api/poshavvadevi-bookings', 'poshavvadevi_booking_confirmation.pdf'),
  shitaladevi: puja('shitaladevi', i18nKey('Shitaladevi Abhishek'), paths.shitaladeviAbhishek, '/api/shitaladevi-bookings', 'shitaladevi_booking_confirmation.pdf'),
};

/** The form's starting values: Rudrabhishek is Markandeya's default, one guest / participant. */
export function initialValues(kind: BookingKind): Record<string, string> {
  const common = { fullName: '', email: '', phone: '', specialRequests: '' };
  if (kind === 'room') return { ...common, checkIn: '', checkOut: '', guests: '1', roomType: 'standard' };
  const pujaValues = { ...common, pujaDate: '', pujaTime: '', participants: '1', pujaType: kind === 'markandeya' ? 'Rudrabhishek' : '' };
  return kind === 'markandeya' ? { ...pujaValues, gotra: '' } : pujaValues;
}
