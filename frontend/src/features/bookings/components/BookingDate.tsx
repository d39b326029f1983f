import { useLanguage } from '@/lib/useLanguage';
import { formatBookingDate } from '../dates';

/** A booking's date in the page's language, marked up as a <time> with the machine date. */
export function BookingDate({ date }: { date: string }) {
  const { lang } = useLanguage();
  return <time dateTime={date}>{formatBookingDate(date, lang)}</time>;
}
