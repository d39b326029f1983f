import { describe, expect, it } from 'vitest';
import { codeText, marathiDigits, numberText } from './digits';

describe('the one rule for digits', () => {
  it('writes a number that is read in the page’s digits', () => {
    expect(numberText(2026, 'mr')).toBe('२०२६');
    expect(numberText('12.5', 'mr')).toBe('१२.५');
    expect(numberText(2026, 'en')).toBe('2026');
    expect(numberText('1,234', 'en')).toBe('1,234');
  });

  it('writes a code in Latin digits in both languages, whatever digits it came in', () => {
    expect(codeText('9876543210')).toBe('9876543210');
    expect(codeText('९८७६५४३२१०')).toBe('9876543210');
    expect(codeText('ALN-2026-00003')).toBe('ALN-2026-00003');
    expect(codeText(42)).toBe('42');
    expect(codeText(null)).toBe('');
  });

  it('turns only the digits into Devanagari', () => {
    expect(marathiDigits('A 1321, 09:30')).toBe('A १३२१, ०९:३०');
    expect(marathiDigits(0)).toBe('०');
  });
});
