import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, countOf, halfHours, latestDate, pujaTimeChoices, readPolicy } from './policy';

describe('the booking policy on the client', () => {
  it('offers every half hour from the first to the last time, both included', () => {
    expect(halfHours('05:00', '07:00')).toEqual(['05:00', '05:30', '06:00', '06:30', '07:00']);
    expect(halfHours('09:30', '09:30')).toEqual(['09:30']);
    expect(halfHours()).toHaveLength(48);
    // A time chosen before the hours changed stays in the list (and is refused with a message).
    expect(pujaTimeChoices({ first: '06:00', last: '07:00' }, '08:30')).toEqual(['06:00', '06:30', '07:00', '08:30']);
    expect(pujaTimeChoices({ first: '06:00', last: '07:00' }, '')).toEqual(['06:00', '06:30', '07:00']);
  });

  it('reads what the server sends, and takes the defaults for whatever is missing or unreadable', () => {
    expect(readPolicy([{ id: 1 }])).toEqual(DEFAULT_POLICY);
    expect(readPolicy(null)).toEqual(DEFAULT_POLICY);
    const read = readPolicy({
      guests_per_room: { standard: 2, deluxe: 'four', suite: -1 },
      longest_stay_nights: 3.5,
      days_ahead: 30,
      participants_per_puja: { markandeya: 5 },
      puja_hours: { markandeya: { first: '06:00', last: '07:30' }, poshavvadevi: { first: '09:00', last: '05:00' }, shitaladevi: { first: '7', last: '9' } },
    });
    expect(read).toEqual({
      guests_per_room: { standard: 2, deluxe: 4, suite: 6 },
      longest_stay_nights: 7,
      days_ahead: 30,
      participants_per_puja: { markandeya: 5, poshavvadevi: 10, shitaladevi: 10 },
      puja_hours: { markandeya: { first: '06:00', last: '07:30' }, poshavvadevi: DEFAULT_POLICY.puja_hours.poshavvadevi, shitaladevi: DEFAULT_POLICY.puja_hours.shitaladevi },
    });
  });

  it('counts the days ahead from India\'s today, and reads counts in either digits', () => {
    expect(latestDate({ ...DEFAULT_POLICY, days_ahead: 30 }, '2026-12-15')).toBe('2027-01-14');
    expect(countOf('४२')).toBe(42);
    expect(countOf(' 7 ')).toBe(7);
    expect(countOf('7.5')).toBeNull();
    expect(countOf('')).toBeNull();
  });
});
