import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('writes file sizes with Marathi digits and unit words', () => {
    expect(formatBytes(2_500_000, 'mr')).toBe('२.५ एमबी');
    expect(formatBytes(123_400, 'mr')).toBe('१२३.४ केबी');
    expect(formatBytes(512, 'mr')).toBe('५१२ बाइट');
    expect(formatBytes(2_500_000, 'en')).toBe('2.5 MB');
  });
});
