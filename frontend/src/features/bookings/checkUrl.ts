import { paths } from '@/config/paths';

/** The public check page of a booking, as the confirmation's QR code encodes it. */
export function checkUrl(reference: string, code: string, origin: string = window.location.origin): string {
  const path = paths.bookingCheckOf(reference);
  return `${origin}${path}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
}
