import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, marathiDayPeriod } from './dates';

/** Any Latin letter or digit: a Marathi date or time has none. */
const LATIN = /[A-Za-z0-9]/;

describe('dates and times in the page language', () => {
  it('writes a moment in Marathi with Devanagari digits and the part of the day, never AM or PM', () => {
    // 15:04 UTC is 20:34 in India.
    expect(formatDateTime('2026-03-05T15:04:00Z', 'mr')).toBe('५ मार्च, २०२६, रात्री ८:३४');
    expect(formatDateTime('2026-03-05T01:30:00Z', 'mr')).toBe('५ मार्च, २०२६, सकाळी ७:००');
    expect(formatDateTime('2026-03-05T18:35:00Z', 'mr')).toBe('६ मार्च, २०२६, रात्री १२:०५');
    for (let hour = 0; hour < 24; hour += 1) {
      const text = formatDateTime(`2026-03-05T${String(hour).padStart(2, '0')}:15:00+05:30`, 'mr');
      expect(text, text).not.toMatch(LATIN);
    }
    expect(formatDateTime('2026-03-05T15:04:00Z', 'mr', false)).toBe('५ मार्च, २०२६');
  });

  it('keeps English as it was, and returns what it cannot read', () => {
    expect(formatDateTime('2026-03-05T15:04:00Z', 'en')).toMatch(/^5 Mar 2026, 8:34 pm$/i);
    expect(formatDateTime('soon', 'mr')).toBe('soon');
    expect(formatDateTime(null, 'mr')).toBe('');
    expect(formatDate('2026-03-05', 'mr')).toBe('५ मार्च, २०२६');
  });

  it('says a puja time the Marathi way', () => {
    expect(formatTime('07:30', 'mr')).toBe('सकाळी ७:३०');
    expect(formatTime('12:00', 'mr')).toBe('दुपारी १२:००');
    expect(formatTime('18:45', 'mr')).toBe('संध्याकाळी ६:४५');
    expect(formatTime('05:15', 'mr')).toBe('पहाटे ५:१५');
    expect(formatTime('00:10', 'mr')).toBe('रात्री १२:१०');
    expect(formatTime('07:30', 'en')).toBe('07:30');
    expect(formatTime('7.30', 'mr')).toBe('७.३०');
  });

  it('names the parts of the day as Marathi speakers do', () => {
    const periods = Array.from({ length: 24 }, (_, hour) => marathiDayPeriod(hour));
    expect(periods.slice(0, 4)).toEqual(Array(4).fill('रात्री'));
    expect(periods.slice(4, 6)).toEqual(Array(2).fill('पहाटे'));
    expect(periods.slice(6, 12)).toEqual(Array(6).fill('सकाळी'));
    expect(periods.slice(12, 17)).toEqual(Array(5).fill('दुपारी'));
    expect(periods.slice(17, 20)).toEqual(Array(3).fill('संध्याकाळी'));
    expect(periods.slice(20)).toEqual(Array(4).fill('रात्री'));
  });
});
