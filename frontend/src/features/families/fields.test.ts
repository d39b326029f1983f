import { describe, expect, it } from 'vitest';
import { ageOn, choicesOf, headRules, memberRules } from './fields';

describe('the family fields', () => {
  it('count the age in whole years on the day, in India', () => {
    expect(ageOn('1970-05-14', '2026-05-13')).toBe('55');
    expect(ageOn('1970-05-14', '2026-05-14')).toBe('56');
    expect(ageOn('2026-05-14', '2026-05-14')).toBe('0');
    // Born on 29 February: a year older on 1 March in other years.
    expect(ageOn('2000-02-29', '2025-02-28')).toBe('24');
    expect(ageOn('2000-02-29', '2025-03-01')).toBe('25');
    // No age for a future, an impossible or a partial date: the field is left as it is.
    expect(ageOn('2026-05-15', '2026-05-14')).toBeUndefined();
    expect(ageOn('2023-02-30', '2026-05-14')).toBeUndefined();
    expect(ageOn('', '2026-05-14')).toBeUndefined();
  });

  it("take the choices of sex and marital status from the server's rules", () => {
    expect(choicesOf(headRules, 'sex')).toEqual(['Male', 'Female', 'Other']);
    expect(choicesOf(memberRules, 'status')).toEqual(['Married', 'Unmarried', 'Widowed', 'Divorced', 'Other']);
    expect(choicesOf(memberRules, 'name')).toEqual([]);
  });

  it('word the father and mother messages differently for the head and a member (docs/SPECIFICATION.md §5)', () => {
    const required = (rules: typeof headRules, field: string) => rules[field].find((r) => r.kind === 'required');
    expect(required(headRules, 'fatherName')).toMatchObject({ message: 'Father name is required' });
    expect(required(memberRules, 'fatherName')).toMatchObject({ message: "Father's name is required" });
    expect(required(headRules, 'motherName')).toMatchObject({ message: 'Mother name is required' });
    expect(required(memberRules, 'motherName')).toMatchObject({ message: "Mother's name is required" });
  });
});
