import { describe, expect, it } from 'vitest';
import { marathiDigits } from '@/lib/digits';
import { createTestI18n } from '@/test/i18n';
import { intervalText, newestFirst, scheduleText, sizeText } from './backupText';

const en = createTestI18n('en').t;
const mr = createTestI18n('mr').t;
const latin = (value: string | number) => String(value);

describe('the backup page in words (unit)', () => {
  it('says how often: minutes, hours, a day as 24 hours, whole days past a day', () => {
    expect([1, 30, 90, 60, 360, 1440, 2880, 10080, 1500].map((minutes) => intervalText(minutes, en, latin))).toEqual([
      'Every minute',
      'Every 30 minutes',
      'Every 90 minutes',
      'Every hour',
      'Every 6 hours',
      'Every 24 hours',
      'Every 2 days',
      'Every 7 days',
      'Every 25 hours',
    ]);
    expect(intervalText(10080, mr, marathiDigits)).toBe('दर ७ दिवसांनी');
  });

  it('says where the schedule keeps how many', () => {
    expect(scheduleText({ every_minutes: 1440, keep: 14, off_site: false }, en, latin)).toBe("Every 24 hours a backup is taken; the newest 14 are kept on the site's computer.");
    expect(scheduleText({ every_minutes: 60, keep: 1, off_site: true }, en, latin)).toBe('Every hour a backup is taken; only the newest is kept in off-site storage.');
    expect(scheduleText({ every_minutes: 1440, keep: 14, off_site: true }, mr, marathiDigits)).toBe(
      'दर २४ तासांनी बॅकअप घेतला जातो; सर्वात नवीन १४ बॅकअप संकेतस्थळाबाहेरील साठवणुकीत (ऑफ-साईट) ठेवले जातात.',
    );
  });

  it('writes sizes in MB with one decimal, never 0.0 for a file that has bytes', () => {
    expect([0, 1, 52_429, 1_048_576, 12_897_485, 5_368_709_120].map((bytes) => sizeText(bytes, en, latin))).toEqual([
      '0.0 MB',
      '0.1 MB',
      '0.1 MB',
      '1.0 MB',
      '12.3 MB',
      '5,120.0 MB',
    ]);
    expect(sizeText(12_897_485, mr, marathiDigits)).toBe('१२.३ एमबी');
  });

  it('puts the newest backup first', () => {
    const backup = (name: string, taken_at: string) => ({ name, taken_at, bytes: 1 });
    const listed = [backup('a', '2026-11-25T20:30:00Z'), backup('b', '2026-11-26T20:30:00Z'), backup('c', '2026-11-26T20:30:00Z'), backup('d', '2026-11-27T02:00:00+05:30')];
    // b, c and d were taken at the same moment (d written in India time): the server's order, reversed.
    expect(newestFirst(listed).map((b) => b.name)).toEqual(['d', 'c', 'b', 'a']);
    expect(newestFirst([backup('e', '2026-11-28T01:00:00Z'), ...listed]).map((b) => b.name)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(listed.map((b) => b.name)).toEqual(['a', 'b', 'c', 'd']);
  });
});
