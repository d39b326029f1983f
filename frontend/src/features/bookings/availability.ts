import type { TFunction } from 'i18next';
import type { Availability } from './api';
import { addDays, datesBetween, formatBookingDate } from './dates';
import type { BookingKind } from './kinds';

/**
 * Why the chosen date(s) cannot be booked, in the server's words (issue 7: 409 under the date
 * field), or undefined. A room needs every night of the stay free; a puja its one day. The
 * date is written in the page's language `lang`.
 */
export function unavailableMessage(
  kind: BookingKind,
  values: Record<string, string>,
  availability: Availability,
  t: TFunction,
  lang: string,
): string | undefined {
  const nights =
    kind === 'room'
      ? values.checkIn && values.checkOut
        ? datesBetween(values.checkIn, addDays(values.checkOut, -1))
        : values.checkIn
          ? [values.checkIn]
          : []
      : values.pujaDate
        ? [values.pujaDate]
        : [];
  for (const night of nights) {
    const blocked = availability.blocked.find((b) => b.date === night);
    const date = formatBookingDate(night, lang);
    if (blocked) return t('Bookings are closed on {{date}}: {{reason}}', { date, reason: blocked.reason });
    if (availability.full.includes(night)) {
      return kind === 'room' ? t('No rooms of this type are free on {{date}}.', { date }) : t('This day is fully booked.');
    }
  }
  return undefined;
}
