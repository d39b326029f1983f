/**
 * The booking forms under the booking policy (issue 22 §2): the limits read from the server are
 * explained as hints, checked before sending with the message under the field in both languages,
 * and the puja time is one list of the temple's hours in both languages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@/test/render';
import { todayInIndia } from '@/lib/validation';
import { addDays, formatBookingDate } from '../dates';
import { DEFAULT_POLICY, type BookingPolicy } from '../policy';
import BookingPage from './BookingPage';

const today = todayInIndia();
const inDays = (n: number) => addDays(today, n);
const shown = (n: number, lang = 'en') => formatBookingDate(inDays(n), lang);

/** A site whose office allows 2 guests in a standard room, stays of 3 nights, 30 days ahead, 5 participants, Markandeya pujas from 06:00 to 07:30. */
const strict: BookingPolicy = {
  ...DEFAULT_POLICY,
  guests_per_room: { standard: 2, deluxe: 1, suite: 6 },
  longest_stay_nights: 3,
  days_ahead: 30,
  participants_per_puja: { ...DEFAULT_POLICY.participants_per_puja, markandeya: 5 },
  puja_hours: { ...DEFAULT_POLICY.puja_hours, markandeya: { first: '06:00', last: '07:30' } },
};

type Answer = (request: Request) => Response;

/** Answers the policy with `policy` (a function: each call), the availability as empty, and records the bookings sent. */
function stubServer(policy: BookingPolicy | (() => Response), booking?: Answer) {
  const posts: Request[] = [];
  let policyCalls = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/bookings/availability') return json({ full: [], blocked: [] });
    if (url.pathname === '/api/bookings/policy') {
      policyCalls++;
      return typeof policy === 'function' ? policy() : json(policy);
    }
    posts.push(request.clone());
    return booking ? booking(request) : json({ error: 'Not found' }, 404);
  }) as typeof fetch;
  return { posts, policyCalls: () => policyCalls };
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

async function fillRoom(user: ReturnType<typeof userEvent.setup>, labels = { name: 'Full name', email: 'Email', phone: 'Phone' }) {
  await user.type(screen.getByLabelText(labels.name), 'Asha More');
  await user.type(screen.getByLabelText(labels.email), 'asha@example.org');
  await user.type(screen.getByLabelText(labels.phone), '9876543210');
}

describe('the room form under the booking policy', () => {
  it('says the guests limit of the chosen room type, and refuses more guests before sending, in English', async () => {
    const { posts } = stubServer(strict);
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    const guests = screen.getByLabelText('Number of guests');
    // The server's policy replaces the defaults the page was drawn with.
    await waitFor(() => expect(guests).toHaveAccessibleDescription('Up to 2 guests in a standard room.'));
    await fillRoom(user);
    change('Check-in date', inDays(3));
    change('Check-out date', inDays(5));
    change('Number of guests', '3');
    expect(guests).toHaveAccessibleDescription('Up to 2 guests in a standard room. At most 2 guests in a standard room.');
    expect(guests).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(posts).toHaveLength(0);
    // The hint and the check follow the room type: a suite takes 6, a deluxe room 1 guest.
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'suite' } });
    expect(guests).toHaveAccessibleDescription('Up to 6 guests in a suite.');
    expect(guests).not.toHaveAttribute('aria-invalid');
    fireEvent.change(screen.getByLabelText('Room type'), { target: { value: 'deluxe' } });
    expect(guests).toHaveAccessibleDescription('Up to 1 guest in a deluxe room. At most 1 guest in a deluxe room.');
  });

  it('refuses more guests in Marathi, with a count typed in Devanagari digits', async () => {
    const { posts } = stubServer(DEFAULT_POLICY);
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />, { lng: 'mr' });
    await fillRoom(user, { name: 'पूर्ण नाव', email: 'ईमेल', phone: 'दूरध्वनी' });
    change('आगमन दिनांक', inDays(3));
    change('प्रस्थान दिनांक', inDays(5));
    change('पाहुण्यांची संख्या (व्यक्ती)', '५');
    const guests = screen.getByLabelText('पाहुण्यांची संख्या (व्यक्ती)');
    expect(guests).toHaveAccessibleDescription('साध्या खोलीत जास्तीत जास्त ४ पाहुणे. साध्या खोलीत जास्तीत जास्त ४ पाहुणे राहू शकतात.');
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    expect(posts).toHaveLength(0);
    change('पाहुण्यांची संख्या (व्यक्ती)', '४');
    expect(guests).not.toHaveAttribute('aria-invalid');
  });

  it('limits the dates to the days ahead and the stay to its nights, with the limits as hints', async () => {
    const { posts } = stubServer(strict);
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    const checkIn = screen.getByLabelText('Check-in date');
    const checkOut = screen.getByLabelText('Check-out date');
    await waitFor(() => expect(checkIn).toHaveAttribute('max', inDays(30)));
    expect(checkIn).toHaveAccessibleDescription('Bookings open up to 30 days ahead.');
    expect(checkOut).toHaveAccessibleDescription('Stays of up to 3 nights.');
    await fillRoom(user);
    change('Check-in date', inDays(31));
    expect(checkIn).toHaveAccessibleDescription(
      `Bookings open up to 30 days ahead. Bookings open 30 days ahead: choose a date up to ${shown(30)}.`,
    );
    change('Check-in date', inDays(30));
    expect(checkIn).not.toHaveAttribute('aria-invalid');
    // The check-out may be at most 3 nights after the check-in.
    expect(checkOut).toHaveAttribute('min', inDays(31));
    expect(checkOut).toHaveAttribute('max', inDays(33));
    change('Check-out date', inDays(34));
    expect(checkOut).toHaveAccessibleDescription('Stays of up to 3 nights. A stay is at most 3 nights.');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(posts).toHaveLength(0);
    change('Check-out date', inDays(33));
    expect(checkOut).not.toHaveAttribute('aria-invalid');
  });

  it('says a stay of one night and a day ahead in the singular, in both languages', async () => {
    stubServer({ ...DEFAULT_POLICY, longest_stay_nights: 1, days_ahead: 1 });
    const { unmount } = renderWithProviders(<BookingPage kind="room" />);
    await waitFor(() => expect(screen.getByLabelText('Check-out date')).toHaveAccessibleDescription('Stays of 1 night only.'));
    expect(screen.getByLabelText('Check-in date')).toHaveAccessibleDescription('Bookings open up to 1 day ahead.');
    unmount();
    renderWithProviders(<BookingPage kind="room" />, { lng: 'mr' });
    await waitFor(() => expect(screen.getByLabelText('प्रस्थान दिनांक')).toHaveAccessibleDescription('फक्त १ रात्रीचा मुक्काम करता येतो.'));
    expect(screen.getByLabelText('आगमन दिनांक')).toHaveAccessibleDescription('१ दिवस आधीपर्यंत आरक्षण करता येते.');
  });

  it('uses the defaults when the policy cannot be had, and still sends a booking within them', async () => {
    const { posts } = stubServer(() => json({ error: 'Internal server error' }, 500), () => json({ error: 'Validation failed', fields: {} }, 422));
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />);
    await fillRoom(user);
    change('Check-in date', inDays(3));
    change('Check-out date', inDays(10));
    change('Number of guests', '4');
    expect(screen.getByLabelText('Number of guests')).toHaveAccessibleDescription('Up to 4 guests in a standard room.');
    expect(screen.getByLabelText('Check-in date')).toHaveAttribute('max', inDays(180));
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it("shows the server's refusal when the form did not know the limit, then reads the policy again and says it in Marathi", async () => {
    let policy = DEFAULT_POLICY;
    const { posts, policyCalls } = stubServer(
      () => json(policy),
      () => {
        // The office lowered the limit since the page was opened.
        policy = { ...DEFAULT_POLICY, guests_per_room: { ...DEFAULT_POLICY.guests_per_room, standard: 2 } };
        return json({ error: 'Validation failed', fields: { guests: 'A standard room takes at most 2 guests.' } }, 422);
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="room" />, { lng: 'mr' });
    await waitFor(() => expect(policyCalls()).toBe(1));
    await fillRoom(user, { name: 'पूर्ण नाव', email: 'ईमेल', phone: 'दूरध्वनी' });
    change('आगमन दिनांक', inDays(3));
    change('प्रस्थान दिनांक', inDays(5));
    change('पाहुण्यांची संख्या (व्यक्ती)', '3');
    await user.click(screen.getByRole('button', { name: 'आरक्षण करा' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByLabelText('पाहुण्यांची संख्या (व्यक्ती)')).toHaveAccessibleDescription(
        'साध्या खोलीत जास्तीत जास्त २ पाहुणे. साध्या खोलीत जास्तीत जास्त २ पाहुणे राहू शकतात.',
      ),
    );
    expect(policyCalls()).toBe(2);
  });
});

describe('the puja forms under the booking policy', () => {
  it('offers the same half hours of the temple in both languages: no 02:00, no 05:15, nothing after the last time', async () => {
    stubServer(strict);
    const { unmount } = renderWithProviders(<BookingPage kind="markandeya" />);
    const values = () => within(screen.getByLabelText('Puja time')).getAllByRole('option').map((option) => option.getAttribute('value'));
    await waitFor(() => expect(values()).toEqual(['', '06:00', '06:30', '07:00', '07:30']));
    const time = screen.getByLabelText('Puja time');
    expect(time.tagName).toBe('SELECT');
    expect(within(time).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a time', '06:00', '06:30', '07:00', '07:30']);
    expect(time).toHaveAccessibleDescription('Pujas start from 06:00 to 07:30, on the hour or half hour.');
    unmount();

    renderWithProviders(<BookingPage kind="markandeya" />, { lng: 'mr' });
    const marathi = () => screen.getByLabelText('पूजेची वेळ');
    await waitFor(() => expect(within(marathi()).getAllByRole('option')).toHaveLength(5));
    expect(within(marathi()).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'वेळ निवडा'],
      ['06:00', 'सकाळी ६:००'],
      ['06:30', 'सकाळी ६:३०'],
      ['07:00', 'सकाळी ७:००'],
      ['07:30', 'सकाळी ७:३०'],
    ]);
    expect(marathi()).toHaveAccessibleDescription('पूजा सकाळी ६:०० ते सकाळी ७:३० या वेळेत, दर अर्ध्या तासाने सुरू होते.');
  });

  it('keeps a time chosen before the hours changed, and refuses it with the hours in words', async () => {
    let policy = DEFAULT_POLICY;
    const { posts } = stubServer(
      () => json(policy),
      () => json({ error: 'Validation failed', fields: { pujaTime: 'Choose a time from 06:00 to 07:30, on the hour or half hour.' } }, 422),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookingPage kind="markandeya" />);
    await fillRoom(user);
    await user.type(screen.getByLabelText('Gotra'), 'Kashyap');
    change('Puja date', inDays(2));
    change('Puja time', '08:30');
    policy = strict;
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    // The form reads the policy again: 08:30 stays chosen, and is explained.
    await waitFor(() =>
      expect(screen.getByLabelText('Puja time')).toHaveAccessibleDescription(
        'Pujas start from 06:00 to 07:30, on the hour or half hour. Choose a time from 06:00 to 07:30.',
      ),
    );
    expect(screen.getByLabelText('Puja time')).toHaveValue('08:30');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(posts).toHaveLength(1);
  });

  it('limits the participants and the puja date, in both languages', async () => {
    const { posts } = stubServer(strict);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<BookingPage kind="markandeya" />);
    const participants = screen.getByLabelText('Number of participants');
    await waitFor(() => expect(participants).toHaveAccessibleDescription('Up to 5 participants.'));
    expect(screen.getByLabelText('Puja date')).toHaveAttribute('max', inDays(30));
    await fillRoom(user);
    await user.type(screen.getByLabelText('Gotra'), 'Kashyap');
    change('Puja time', '06:00');
    change('Number of participants', '6');
    expect(participants).toHaveAccessibleDescription('Up to 5 participants. At most 5 participants.');
    change('Puja date', inDays(40));
    expect(screen.getByLabelText('Puja date')).toHaveAccessibleDescription(
      `Bookings open up to 30 days ahead. Bookings open 30 days ahead: choose a date up to ${shown(30)}.`,
    );
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    expect(posts).toHaveLength(0);
    // Within the limits, the booking goes.
    change('Number of participants', '5');
    change('Puja date', inDays(30));
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    unmount();

    renderWithProviders(<BookingPage kind="markandeya" />, { lng: 'mr' });
    await waitFor(() => expect(screen.getByLabelText('सहभागी व्यक्तींची संख्या')).toHaveAccessibleDescription('जास्तीत जास्त ५ सहभागी व्यक्ती.'));
    change('सहभागी व्यक्तींची संख्या', '६');
    expect(screen.getByLabelText('सहभागी व्यक्तींची संख्या')).toHaveAccessibleDescription(
      'जास्तीत जास्त ५ सहभागी व्यक्ती. जास्तीत जास्त ५ सहभागी व्यक्ती असू शकतात.',
    );
    change('पूजेचा दिनांक', inDays(40));
    expect(screen.getByLabelText('पूजेचा दिनांक')).toHaveAccessibleDescription(
      `३० दिवस आधीपर्यंत आरक्षण करता येते. आरक्षण ३० दिवस आधीपर्यंतच करता येते: ${shown(30, 'mr')} पर्यंतचा दिनांक निवडा.`,
    );
  });
});
