import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@/test/render';
import { todayInIndia } from '@/lib/validation';
import { addDays, formatBookingDate } from '../dates';
import { DEFAULT_POLICY } from '../policy';
import BookingPage from './BookingPage';

const today = todayInIndia();
const inDays = (n: number) => addDays(today, n);
/** The date as the form writes it: "5 Mar 2026", "५ मार्च, २०२६". */
const shown = (n: number, lang = 'en') => formatBookingDate(inDays(n), lang);

type Answer = (request: Request) => Response;

/** The hint of the date field under the default policy (180 days ahead). */
const ahead = (lang = 'en') =>
  lang === 'mr'
    ? '१८० दिवस आधीपर्यंत आरक्षण करता येते.'
    : 'Bookings open up to 180 days ahead.';

/** A fetch stub that answers availability, policy and booking calls separately and records them. */
function stubServer({ availability = { full: [], blocked: [] }, booking }: { availability?: unknown; booking?: Answer }) {
  const posts: Request[] = [];
  const lookups: URL[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/bookings/availability') {
      lookups.push(url);
      return json(availability);
    }
    if (url.pathname === '/api/bookings/policy') return json(DEFAULT_POLICY);
    posts.push(request.clone());
    return booking ? booking(request) : json({ error: 'Not found' }, 404);
  }) as typeof fetch;
  return { posts, lookups };
}

const pdfAnswer = (reference: string, fileName: string) => () =>
  new Response('%PDF-1.7 test', {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Booking-Reference': reference,
      'X-Booking-Code': 'secret-code-123',
    },
  });

const change = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

async function fillRoom(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'सुरेश पाटील');
  await user.type(screen.getByLabelText('Email'), 'suresh@example.org');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  change('Check-in date', inDays(3));
  change('Check-out date', inDays(5));
}

describe('the booking form', () => {
  it('labels every room field, starts with one guest and a standard room, and sets today as the earliest date', async () => {
    stubServer({});
    renderWithProviders(<BookingPage kind="room" />);
    for (const label of ['Full name', 'Email', 'Phone', 'Check-in date', 'Check-out date', 'Number of guests', 'Room type', 'Special requests']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Check-in date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Check-in date')).toHaveAttribute('min', today);
    // Text with the digit keyboard, so that Devanagari digits can be typed.
    expect(screen.getByLabelText('Number of guests')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Number of guests')).toHaveValue('1');
    // The phone takes a leading 0 or +91: the tel keyboard, with room for them.
    expect(screen.getByLabelText('Phone')).toHaveAttribute('inputmode', 'tel');
    expect(Number(screen.getByLabelText('Phone').getAttribute('maxlength'))).toBeGreaterThanOrEqual(15);
    expect(screen.getByLabelText('Room type')).toHaveValue('standard');
  });

  it('checks fields as they change with the rules of spec §5', async () => {
    stubServer({});
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '12345');
    expect(phone).toHaveAccessibleDescription('Phone must be 10 digits');
    await user.type(phone, '67890');
    expect(phone).not.toHaveAttribute('aria-invalid');
    change('Check-in date', inDays(-1));
    expect(screen.getByLabelText('Check-in date')).toHaveAccessibleDescription(`${ahead()} Check-in date cannot be in the past`);
    change('Check-in date', inDays(4));
    change('Check-out date', inDays(4));
    expect(screen.getByLabelText('Check-out date')).toHaveAccessibleDescription('Stays of up to 7 nights. Check-out must be after check-in');
    expect(screen.getByLabelText('Check-out date')).toHaveAttribute('min', inDays(5));
    change('Number of guests', '0');
    expect(screen.getByLabelText('Number of guests')).toHaveAccessibleDescription('Up to 4 guests in a standard room. At least 1 guest');
  });

  it('refuses to send an empty form and shows each message in Marathi', async () => {
    const { posts } = stubServer({});
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />, { lng: 'mr' });
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(screen.getByText('पूर्ण नाव आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('दूरध्वनी क्रमांक आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('आगमन दिनांक आवश्यक आहे')).toBeInTheDocument();
    expect(screen.getByText('प्रस्थान दिनांक आवश्यक आहे')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('explains a full night of the stay before submitting and sends nothing', async () => {
    const { posts, lookups } = stubServer({ availability: { full: [inDays(4)], blocked: [{ date: inDays(10), reason: 'Yatra' }] } });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    await waitFor(() => expect(screen.getByText(`Not available: ${shown(4)}; ${shown(10)}`)).toBeInTheDocument());
    expect(lookups[0].searchParams.get('kind')).toBe('room');
    expect(lookups[0].searchParams.get('room_type')).toBe('standard');
    expect(lookups[0].searchParams.get('from')).toBe(today);
    await fillRoom(user);
    // The hint (coming unavailable days) and the message are both read with the field.
    expect(screen.getByLabelText('Check-in date')).toHaveAccessibleDescription(
      `${ahead()} Not available: ${shown(4)}; ${shown(10)} No rooms of this type are free on ${shown(4)}.`,
    );
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(posts).toHaveLength(0);
    // Leaving on the full night's morning is fine: that night is not part of the stay.
    change('Check-in date', inDays(2));
    change('Check-out date', inDays(4));
    expect(screen.getByLabelText('Check-in date')).not.toHaveAttribute('aria-invalid');
    // Another room type asks the server again.
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'suite' } });
    await waitFor(() => expect(lookups.at(-1)?.searchParams.get('room_type')).toBe('suite'));
  });

  it('explains a closed day in Marathi, with the date written the Marathi way', async () => {
    stubServer({ availability: { full: [], blocked: [{ date: inDays(6), reason: 'यात्रा' }] } });
    renderWithProviders(<BookingPage kind="poshavvadevi" />, { lng: 'mr' });
    // e.g. "५ मार्च, २०२६": Devanagari digits and the month's Marathi name.
    expect(shown(6, 'mr')).toMatch(/^[०-९]{1,2} \S+, [०-९]{4}$/);
    await waitFor(() => expect(screen.getByText(`उपलब्ध नाही: ${shown(6, 'mr')}`)).toBeInTheDocument());
    change('पूजेचा दिनांक', inDays(6));
    expect(screen.getByLabelText('पूजेचा दिनांक')).toHaveAccessibleDescription(
      `${ahead('mr')} उपलब्ध नाही: ${shown(6, 'mr')} ${shown(6, 'mr')} रोजी आरक्षण बंद आहे: यात्रा`,
    );
  });

  it('shows a room refused for capacity (409) under the check-in date and asks again which days are full', async () => {
    let full: string[] = [];
    const { posts, lookups } = stubServer({
      booking: () => {
        full = [inDays(3)];
        return json({ error: 'No rooms of this type are free for these dates.', fields: { checkIn: 'No rooms of this type are free for these dates.' } }, 409);
      },
    });
    // The availability answer follows what the server now knows.
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      if (url.pathname === '/api/bookings/availability') {
        lookups.push(url);
        return json({ full, blocked: [] });
      }
      if (url.pathname === '/api/bookings/policy') return json(DEFAULT_POLICY);
      return answer(input, init);
    }) as typeof fetch;
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />, { lng: 'mr' });
    await user.type(screen.getByLabelText('पूर्ण नाव'), 'सुरेश पाटील');
    await user.type(screen.getByLabelText('ईमेल'), 'suresh@example.org');
    await user.type(screen.getByLabelText('दूरध्वनी'), '9876543210');
    change('आगमन दिनांक', inDays(3));
    change('प्रस्थान दिनांक', inDays(5));
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(await screen.findByText('या दिनांकांना या प्रकारची खोली उपलब्ध नाही.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    await waitFor(() => expect(screen.getByText(`उपलब्ध नाही: ${shown(3, 'mr')}`)).toBeInTheDocument());
    expect(screen.getByLabelText('आगमन दिनांक')).toHaveAccessibleDescription(
      `${ahead('mr')} उपलब्ध नाही: ${shown(3, 'mr')} या दिनांकांना या प्रकारची खोली उपलब्ध नाही.`,
    );
  });

  it('books a room: sends numbers, downloads booking_confirmation.pdf and shows the reference, download again and the WhatsApp link', async () => {
    const { posts } = stubServer({ booking: pdfAnswer('ALN-2026-00042', 'booking_confirmation.pdf') });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    await fillRoom(user);
    change('Number of guests', '3');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Booking submitted successfully!')).toBeInTheDocument();
    expect(new URL(posts[0].url).pathname).toBe('/api/bookings');
    expect(await posts[0].json()).toEqual({
      fullName: 'सुरेश पाटील',
      email: 'suresh@example.org',
      phone: '9876543210',
      checkIn: inDays(3),
      checkOut: inDays(5),
      guests: 3,
      roomType: 'standard',
      specialRequests: '',
      website: '',
    });
    expect(downloads).toEqual(['booking_confirmation.pdf']);
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('ALN-2026-00042');
    const share = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const text = new URL(share.getAttribute('href')!).searchParams.get('text');
    expect(share.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(text).toContain('ALN-2026-00042');
    expect(text).toContain(`${window.location.origin}/booking/ALN-2026-00042?code=secret-code-123`);
    expect(screen.getByRole('link', { name: 'Check booking' })).toHaveAttribute('href', '/booking/ALN-2026-00042?code=secret-code-123');
    await user.click(screen.getByRole('button', { name: 'Download again' }));
    expect(downloads).toEqual(['booking_confirmation.pdf', 'booking_confirmation.pdf']);
  });

  it('shows "Submission failed" and the server 422 messages under the fields', async () => {
    stubServer({ booking: () => json({ error: 'Validation failed', fields: { fullName: 'Emojis are not allowed' } }, 422) });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    await fillRoom(user);
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Emojis are not allowed');
    expect(downloads).toEqual([]);
  });

  it('books a Markandeya abhishek in Marathi with Rudrabhishek as the default puja type and the gotra required', async () => {
    const { posts } = stubServer({ booking: pdfAnswer('MRK-2026-00001', 'abhishek_booking_confirmation.pdf') });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="markandeya" />, { lng: 'mr' });
    expect(screen.getByLabelText('पूजेचा प्रकार')).toHaveValue('Rudrabhishek');
    // The time is chosen from a list said the Marathi way, not the phone's AM/PM picker: every
    // half hour of the temple's hours (the default policy: 05:00 to 09:00).
    const time = screen.getByLabelText('पूजेची वेळ');
    expect(time.tagName).toBe('SELECT');
    expect(within(time).getByRole('option', { name: 'सकाळी ७:३०' })).toHaveValue('07:30');
    expect(within(time).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(
      ['', '05:00', '05:30', '06:00', '06:30', '07:00', '07:30', '08:00', '08:30', '09:00'],
    );
    expect(time.textContent).not.toMatch(/AM|PM|[0-9]/);
    await user.type(screen.getByLabelText('पूर्ण नाव'), 'सुरेश पाटील');
    await user.type(screen.getByLabelText('ईमेल'), 'suresh@example.org');
    await user.type(screen.getByLabelText('दूरध्वनी'), '9876543210');
    change('पूजेचा दिनांक', inDays(1));
    change('पूजेची वेळ', '07:30');
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(screen.getByLabelText('गोत्र')).toHaveAccessibleDescription('गोत्र आवश्यक आहे');
    expect(posts).toHaveLength(0);
    await user.type(screen.getByLabelText('गोत्र'), 'कश्यप');
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(await screen.findByText('आरक्षण यशस्वी झाले!')).toBeInTheDocument();
    expect(new URL(posts[0].url).pathname).toBe('/api/abhishek-bookings');
    expect(await posts[0].json()).toMatchObject({ pujaDate: inDays(1), pujaTime: '07:30', pujaType: 'Rudrabhishek', gotra: 'कश्यप', participants: 1 });
    expect(downloads).toEqual(['abhishek_booking_confirmation.pdf']);
    const text = new URL(screen.getByRole('link', { name: 'व्हॉट्सॲपवर पाठवा' }).getAttribute('href')!).searchParams.get('text');
    expect(text).toContain('आरक्षण क्रमांक: MRK-2026-00001');
  });

  it('takes a free-text puja type for Shitaladevi and shows a full day (409) under the date with "Booking failed"', async () => {
    const { posts } = stubServer({ booking: () => json({ error: 'This day is fully booked.', fields: { pujaDate: 'This day is fully booked.' } }, 409) });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="shitaladevi" />);
    expect(screen.getByLabelText('Puja type').tagName).toBe('INPUT');
    expect(screen.queryByLabelText('Gotra')).toBeNull();
    await user.type(screen.getByLabelText('Full name'), 'Asha More');
    await user.type(screen.getByLabelText('Email'), 'asha@example.org');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Puja type'), 'Oti bharane');
    change('Puja date', inDays(2));
    change('Puja time', '09:00');
    change('Number of participants', '2');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Booking failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Puja date')).toHaveAccessibleDescription(`${ahead()} This day is fully booked.`);
    expect(screen.getByLabelText('Puja date')).toHaveAttribute('min', today);
    expect(new URL(posts[0].url).pathname).toBe('/api/shitaladevi-bookings');
    expect(await posts[0].json()).toMatchObject({ pujaType: 'Oti bharane', participants: 2 });
  });

  it('takes a phone with +91, a count in Devanagari digits, and says the chosen puja time in Marathi', async () => {
    const { posts } = stubServer({ booking: pdfAnswer('PSV-2026-00001', 'poshavvadevi_booking_confirmation.pdf') });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="poshavvadevi" />, { lng: 'mr' });
    await user.type(screen.getByLabelText('पूर्ण नाव'), 'आशा मोरे');
    await user.type(screen.getByLabelText('ईमेल'), 'asha@example.org');
    await user.type(screen.getByLabelText('दूरध्वनी'), '+91 98765-43210');
    expect(screen.getByLabelText('दूरध्वनी')).not.toHaveAccessibleDescription();
    change('पूजेचा दिनांक', inDays(2));
    change('पूजेची वेळ', '08:30');
    expect(screen.getByLabelText('पूजेची वेळ')).toHaveDisplayValue('सकाळी ८:३०');
    change('सहभागी व्यक्तींची संख्या', '४');
    expect(screen.getByLabelText('सहभागी व्यक्तींची संख्या')).toHaveAccessibleDescription('जास्तीत जास्त १० सहभागी व्यक्ती.');
    expect(screen.getByLabelText('सहभागी व्यक्तींची संख्या')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(await screen.findByText('आरक्षण यशस्वी झाले!')).toBeInTheDocument();
    expect(await posts[0].json()).toMatchObject({ phone: '+91 98765-43210', pujaTime: '08:30', participants: 4 });
  });

  it('says "Booking failed" when the server cannot be reached', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="poshavvadevi" />);
    await user.type(screen.getByLabelText('Full name'), 'Asha More');
    await user.type(screen.getByLabelText('Email'), 'asha@example.org');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    change('Puja date', inDays(2));
    change('Puja time', '09:00');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Booking failed')).toBeInTheDocument();
  });

  it('past the rate limit says only how long to wait, and keeps the booking typed', async () => {
    const { posts } = stubServer({ booking: () => json({ error: 'Too many submissions from your connection. Please try again later.' }, 429, { 'Retry-After': '30' }) });
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    await fillRoom(user);
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Too many submissions from your connection. Please wait 30 seconds and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Booking failed/)).toBeNull();
    expect(await posts[0].json()).toMatchObject({ fullName: 'सुरेश पाटील', website: '' });
    expect(screen.getByLabelText('Full name')).toHaveValue('सुरेश पाटील');
    expect(screen.getByLabelText('Check-in date')).toHaveValue(inDays(3));
  });
});
