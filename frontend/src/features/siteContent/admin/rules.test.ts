import { describe, expect, it } from 'vitest';
import type { FormRules } from '@/lib/rules';
import { fakeContent } from '../testing/fakeSite';
import { setAt } from './draft';
import { checkContent, checkField, patternOf } from './rules';

/** A table in the server's shape (bindings/validationRules.ts `siteContent`), with the rule kinds every form has. */
const table: FormRules = {
  'organisation.name.en': [{ kind: 'required', message: 'Enter the English text' }, { kind: 'maxLength', max: 20, message: 'This text is too long' }],
  'organisation.email': [{ kind: 'required', message: 'This field is required' }, { kind: 'email', message: 'Enter a valid email address' }],
  'team.*.members.*.name.mr': [{ kind: 'required', message: 'Enter the Marathi text' }],
  'team.*.members.*.phone': [{ kind: 'digits', message: 'Enter a valid phone number' }],
  'about.en': [{ kind: 'required', message: 'Enter the English text' }, { kind: 'multiLine' }],
};

describe('the content’s rules', () => {
  it('are keyed by paths with * for every list index', () => {
    expect(patternOf('team.2.members.10.name.mr')).toBe('team.*.members.*.name.mr');
    expect(patternOf('organisation.name.en')).toBe('organisation.name.en');
    expect(patternOf('slides.0')).toBe('slides.*');
  });

  it('check one field with the server’s rule and message', () => {
    expect(checkField('organisation.name.en', '', table)).toBe('Enter the English text');
    expect(checkField('organisation.name.en', 'A name far longer than twenty', table)).toBe('This text is too long');
    expect(checkField('organisation.name.en', 'Samiti', table)).toBeUndefined();
    expect(checkField('team.3.members.7.name.mr', ' ', table)).toBe('Enter the Marathi text');
    // No rule for it: nothing to say.
    expect(checkField('organisation.map_place', '', table)).toBeUndefined();
  });

  it('leave an optional field that is absent alone, and check it once it has a value', () => {
    expect(checkField('team.0.members.0.phone', undefined, table)).toBeUndefined();
    expect(checkField('team.0.members.0.phone', 'call me', table)).toBe('Enter a valid phone number');
  });

  it('check the whole content: every failing text by its path, through every list', () => {
    let content = fakeContent();
    expect(checkContent(content, table)).toEqual({});
    content = setAt(content, 'organisation.email', 'not an address');
    content = setAt(content, 'team.0.members.1.name.mr', '');
    content = setAt(content, 'team.1.members.0.phone', 'call me');
    content = setAt(content, 'about.en', undefined);
    expect(checkContent(content, table)).toEqual({
      'organisation.email': 'Enter a valid email address',
      'team.0.members.1.name.mr': 'Enter the Marathi text',
      'team.1.members.0.phone': 'Enter a valid phone number',
      'about.en': 'Enter the English text',
    });
  });

  it('check nothing without a table', () => {
    expect(checkContent(setAt(fakeContent(), 'organisation.name.en', ''), {})).toEqual({});
  });
});
