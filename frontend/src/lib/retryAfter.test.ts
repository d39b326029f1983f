import { describe, expect, it } from 'vitest';
import { marathiDigits } from './digits';
import { createTestI18n } from '@/test/i18n';
import { retryAfterSeconds, waitText } from './retryAfter';

describe('Retry-After', () => {
  it('reads whole seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('900')).toBe(900);
    expect(retryAfterSeconds(' 40 ')).toBe(40);
    const now = Date.parse('2026-03-09T10:00:00Z');
    expect(retryAfterSeconds('Mon, 09 Mar 2026 10:02:30 GMT', now)).toBe(150);
    expect(retryAfterSeconds('Mon, 09 Mar 2026 09:00:00 GMT', now)).toBe(0);
    for (const value of [null, undefined, '', 'soon', '-5', '1.5']) expect(retryAfterSeconds(value)).toBeNull();
  });

  it('says the wait in seconds under a minute and in whole minutes, rounded up, up to an hour', () => {
    const { t } = createTestI18n('en');
    const digits = (n: number) => String(n);
    expect(waitText(1, t, digits)).toBe('1 second');
    expect(waitText(40, t, digits)).toBe('40 seconds');
    expect(waitText(60, t, digits)).toBe('1 minute');
    expect(waitText(61, t, digits)).toBe('2 minutes');
    expect(waitText(900, t, digits)).toBe('15 minutes');
    expect(waitText(3600, t, digits)).toBe('60 minutes');
  });

  it('says a wait past an hour (a daily cap’s reset) in whole hours, rounded up', () => {
    const { t } = createTestI18n('en');
    const digits = (n: number) => String(n);
    expect(waitText(3601, t, digits)).toBe('2 hours');
    expect(waitText(14 * 3600, t, digits)).toBe('14 hours');
    expect(waitText(14 * 3600, createTestI18n('mr').t, marathiDigits)).toBe('१४ तास');
  });

  it('says it in Marathi with Devanagari digits', () => {
    const { t } = createTestI18n('mr');
    const digits = (n: number) => marathiDigits(n);
    expect(waitText(900, t, digits)).toBe('१५ मिनिटे');
    expect(waitText(40, t, digits)).toBe('४० सेकंद');
    expect(t('Too many attempts. Please wait {{wait}} and try again.', { wait: waitText(60, t, digits) })).toBe(
      'खूप वेळा प्रयत्न झाले. कृपया १ मिनिट थांबून पुन्हा प्रयत्न करा.',
    );
  });
});
