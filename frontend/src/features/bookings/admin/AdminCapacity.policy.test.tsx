/**
 * The booking policy on the capacity page (issue 22 §2): every field shown from the server,
 * checked with the server's bounds before sending, saved with the capacity's PUT, the server's
 * 422 under the field its path names, in both languages.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '@/test/adminRender';
import { createTestI18n } from '@/test/i18n';
import { withSite } from '@/test/render';
import { DEFAULT_POLICY, type BookingPolicy } from '../policy';
import AdminCapacity from './AdminCapacity';
import type { Capacity } from './api';

const policy: BookingPolicy = {
  ...DEFAULT_POLICY,
  guests_per_room: { standard: 3, deluxe: 4, suite: 6 },
  puja_hours: { ...DEFAULT_POLICY.puja_hours, shitaladevi: { first: '06:30', last: '11:00' } },
};
const capacity: Capacity = {
  rooms: { standard: 5, deluxe: null, suite: 1 },
  pujas_per_day: { markandeya: 10, poshavvadevi: null, shitaladevi: null },
  policy,
};

const server = () =>
  mockFetch({
    'GET /api/bookings/capacity': () => json(capacity),
    'GET /api/bookings/blocked-dates': () => json([]),
    'PUT /api/bookings/capacity': async (request) => json(await request.json()),
  });

beforeEach(() => {
  localStorage.setItem('adminToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save capacity' }));

describe('the booking policy on the capacity page', () => {
  it('shows every field of the policy as the server has it, with its bounds', async () => {
    server();
    renderAt(<AdminCapacity />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Booking policy' })).toBeInTheDocument();
    expect(screen.getByLabelText('Guests: Standard')).toHaveValue('3');
    expect(screen.getByLabelText('Guests: Suite')).toHaveValue('6');
    expect(screen.getByLabelText('Guests: Suite')).toHaveAccessibleDescription('From 1 to 50');
    expect(screen.getByLabelText('Longest stay (nights)')).toHaveValue('7');
    expect(screen.getByLabelText('Longest stay (nights)')).toHaveAccessibleDescription('From 1 to 90');
    expect(screen.getByLabelText('Days ahead a booking may be made')).toHaveValue('180');
    expect(screen.getByLabelText('Participants: Poshavvadevi Abhishek')).toHaveValue('10');
    expect(screen.getByLabelText('Shitaladevi Abhishek: First time')).toHaveValue('06:30');
    expect(screen.getByLabelText('Shitaladevi Abhishek: Last time')).toHaveValue('11:00');
    // The limits of the day keep their own labels.
    expect(screen.getByLabelText('Standard')).toHaveValue('5');
    // Every half hour of the day, and nothing else.
    const first = screen.getByLabelText('Markandeya Abhishek: First time');
    const times = within(first).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(times).toHaveLength(48);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(times.at(-1)).toBe('23:30');
  });

  it('does not send a number out of its bounds or a last time before the first, and says why under the field', async () => {
    const calls = server();
    renderAt(<AdminCapacity />);
    const suite = await screen.findByLabelText('Guests: Suite');
    for (const bad of ['0', '51', 'six', '']) {
      await userEvent.clear(suite);
      if (bad) await userEvent.type(suite, bad);
      expect(suite).toHaveAccessibleDescription('From 1 to 50 Enter a whole number from 1 to 50.');
      await save();
    }
    await userEvent.clear(suite);
    await userEvent.type(suite, '8');
    expect(suite).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(screen.getByLabelText('Days ahead a booking may be made'));
    await userEvent.type(screen.getByLabelText('Days ahead a booking may be made'), '731');
    expect(screen.getByLabelText('Days ahead a booking may be made')).toHaveAccessibleDescription('From 1 to 730 Enter a whole number from 1 to 730.');
    await userEvent.clear(screen.getByLabelText('Days ahead a booking may be made'));
    await userEvent.type(screen.getByLabelText('Days ahead a booking may be made'), '730');
    await userEvent.selectOptions(screen.getByLabelText('Markandeya Abhishek: Last time'), '04:30');
    expect(screen.getByLabelText('Markandeya Abhishek: Last time')).toHaveAccessibleDescription('The last time must not be before the first.');
    await save();
    expect(calls.calls('PUT', '/api/bookings/capacity')).toHaveLength(0);
    expect(screen.queryByText('Capacity saved.')).not.toBeInTheDocument();
  });

  it('saves the policy with the capacity (Devanagari digits too) and shows what the server saved', async () => {
    const calls = server();
    renderAt(<AdminCapacity />);
    const nights = await screen.findByLabelText('Longest stay (nights)');
    await userEvent.clear(nights);
    await userEvent.type(nights, '१४');
    await userEvent.clear(screen.getByLabelText('Guests: Standard'));
    await userEvent.type(screen.getByLabelText('Guests: Standard'), '2');
    await userEvent.clear(screen.getByLabelText('Participants: Markandeya Abhishek'));
    await userEvent.type(screen.getByLabelText('Participants: Markandeya Abhishek'), '25');
    await userEvent.selectOptions(screen.getByLabelText('Markandeya Abhishek: First time'), '06:00');
    await userEvent.selectOptions(screen.getByLabelText('Markandeya Abhishek: Last time'), '12:30');
    await save();
    expect(await screen.findByText('Capacity saved.')).toBeInTheDocument();
    const [put] = calls.calls('PUT', '/api/bookings/capacity');
    expect(put.body).toEqual({
      rooms: { standard: 5, deluxe: null, suite: 1 },
      pujas_per_day: { markandeya: 10, poshavvadevi: null, shitaladevi: null },
      policy: {
        guests_per_room: { standard: 2, deluxe: 4, suite: 6 },
        longest_stay_nights: 14,
        days_ahead: 180,
        participants_per_puja: { markandeya: 25, poshavvadevi: 10, shitaladevi: 10 },
        puja_hours: {
          markandeya: { first: '06:00', last: '12:30' },
          poshavvadevi: { first: '05:00', last: '09:00' },
          shitaladevi: { first: '06:30', last: '11:00' },
        },
      },
    });
    expect(nights).toHaveValue('14');
  });

  it("puts the server's messages under the policy's fields, the hours of a kind as a whole under its first time", async () => {
    mockFetch({
      'GET /api/bookings/capacity': () => json(capacity),
      'GET /api/bookings/blocked-dates': () => json([]),
      'PUT /api/bookings/capacity': () =>
        json(
          {
            error: 'Validation failed',
            fields: {
              'policy.days_ahead': 'Enter a whole number from 1 to 730.',
              'policy.puja_hours.poshavvadevi': 'Enter times on the half hour (HH:MM), such as 05:00 and 09:30.',
              'policy.puja_hours.shitaladevi.last': 'The last time must not be before the first.',
              'rooms.deluxe': 'Enter a whole number up to 10000, or leave empty for no limit.',
            },
          },
          { status: 422 },
        ),
    });
    renderAt(<AdminCapacity />);
    await screen.findByLabelText('Days ahead a booking may be made');
    await save();
    await waitFor(() =>
      expect(screen.getByLabelText('Days ahead a booking may be made')).toHaveAccessibleDescription('From 1 to 730 Enter a whole number from 1 to 730.'),
    );
    expect(screen.getByLabelText('Poshavvadevi Abhishek: First time')).toHaveAccessibleDescription(
      'Enter times on the half hour (HH:MM), such as 05:00 and 09:30.',
    );
    expect(screen.getByLabelText('Shitaladevi Abhishek: Last time')).toHaveAccessibleDescription('The last time must not be before the first.');
    expect(screen.getByLabelText('Deluxe')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Guests: Standard')).not.toHaveAttribute('aria-invalid');
    // A new value takes its message away.
    await userEvent.selectOptions(screen.getByLabelText('Shitaladevi Abhishek: Last time'), '11:30');
    expect(screen.getByLabelText('Shitaladevi Abhishek: Last time')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Capacity saved.')).not.toBeInTheDocument();
  });

  it('is in Marathi: the labels, the bounds in Devanagari digits, the times said the Marathi way, the messages', async () => {
    server();
    render(
      withSite(
        <I18nextProvider i18n={createTestI18n('mr')}>
          <MemoryRouter>
            <AdminCapacity />
          </MemoryRouter>
        </I18nextProvider>,
      ),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'आरक्षण धोरण' })).toBeInTheDocument();
    const nights = screen.getByLabelText('जास्तीत जास्त मुक्काम (रात्री)');
    expect(nights).toHaveAccessibleDescription('१ ते ९०');
    await userEvent.clear(nights);
    await userEvent.type(nights, '९१');
    expect(nights).toHaveAccessibleDescription('१ ते ९० १ ते ९० मधील पूर्ण संख्या लिहा.');
    const first = screen.getByLabelText('शीतलादेवी अभिषेक: पहिली वेळ');
    expect(first).toHaveDisplayValue('सकाळी ६:३०');
    await userEvent.selectOptions(screen.getByLabelText('शीतलादेवी अभिषेक: शेवटची वेळ'), '06:00');
    expect(screen.getByLabelText('शीतलादेवी अभिषेक: शेवटची वेळ')).toHaveAccessibleDescription('शेवटची वेळ पहिल्या वेळेच्या आधीची असू नये.');
    expect(within(first).getAllByRole('option').map((option) => option.textContent).join(' ')).not.toMatch(/[0-9]|AM|PM/);
  });
});
