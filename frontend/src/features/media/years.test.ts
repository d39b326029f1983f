import { afterEach, describe, expect, it, vi } from 'vitest';
import { YEARS_OFFERED, galleryYears } from './years';

afterEach(() => {
  vi.useRealTimers();
});

describe('the gallery years, one range for the upload and the filter', () => {
  it('runs from the current year in India and the nine before, newest first (ten, as specified)', () => {
    const years = galleryYears('2026-11-27');
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2017);
    expect(YEARS_OFFERED).toBe(10);
    expect(years).toHaveLength(10);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('never offers next year', () => {
    expect(galleryYears('2026-12-31')).not.toContain(2027);
    expect(galleryYears('2027-01-01')[0]).toBe(2027);
  });

  it('takes the day in India by default (it is already 1 January there at 20:00 UTC on 31 December)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T20:00:00Z'));
    expect(galleryYears()[0]).toBe(2027);
  });
});
