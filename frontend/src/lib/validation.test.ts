import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ageOn, bareMobile, isHttpsUrl, isPhone, linksAreSafe, todayInIndia, tooManyItems, useForm, validateField, validateForm, type FormRules, type Rule } from './validation';
import { validationRules } from './rules';

const minNumber = (min: number, message: string): Rule => ({ kind: 'minNumber', min, message });

const check = (rule: Rule, value: unknown, values: Record<string, unknown> = {}, now?: Date) =>
  validateField({ f: [rule] }, 'f', { ...values, f: value }, now);

describe('rule interpreter', () => {
  it('required fails on empty and whitespace-only values', () => {
    const rule: Rule = { kind: 'required', message: 'Req' };
    expect(check(rule, '')).toBe('Req');
    expect(check(rule, '   \t')).toBe('Req');
    expect(check(rule, undefined)).toBe('Req');
    expect(check(rule, null)).toBe('Req');
    expect(check(rule, 'x')).toBeUndefined();
    expect(check(rule, 0)).toBeUndefined();
  });

  it('skips every rule but required when the trimmed value is empty', () => {
    const rules: Rule[] = [
      { kind: 'letters', message: 'L' },
      { kind: 'digits', message: 'D' },
      { kind: 'exactDigits', length: 10, message: 'X' },
      { kind: 'email', message: 'E' },
      { kind: 'minLength', min: 6, message: 'Min' },
      minNumber(1, 'N'),
      { kind: 'date', message: 'Date' },
      { kind: 'oneOf', values: ['a'], message: 'O' },
      { kind: 'emailOrMobile', message: 'EM' },
      { kind: 'mobile', message: 'M' },
      { kind: 'time', message: 'T' },
    ];
    for (const rule of rules) {
      expect(check(rule, '')).toBeUndefined();
      expect(check(rule, '   ')).toBeUndefined();
    }
  });

  it('letters accept any script with combining marks and spaces, refuse digits and symbols', () => {
    const rule: Rule = { kind: 'letters', message: 'Only letters are allowed' };
    expect(check(rule, 'सुरेश क्षीरसागर')).toBeUndefined();
    expect(check(rule, 'ज्ञानेश्वर')).toBeUndefined();
    expect(check(rule, 'శ్రీనివాస్')).toBeUndefined();
    expect(check(rule, 'Suresh Patil')).toBeUndefined();
    expect(check(rule, 'José Müller')).toBeUndefined();
    expect(check(rule, 'Suresh2')).toBe('Only letters are allowed');
    expect(check(rule, 'सुरेश१')).toBe('Only letters are allowed');
    expect(check(rule, 'A-B')).toBe('Only letters are allowed');
    expect(check(rule, 'Ram 😀')).toBe('Only letters are allowed');
  });

  it('personName takes letters of any script with . \' ’ - and needs a letter', () => {
    const rule: Rule = { kind: 'personName', message: 'Only letters are allowed' };
    for (const ok of ['सुरेश क्षीरसागर', "D'Souza", 'A. R. Rahman', 'Anne-Marie', 'O’Brien', 'శ్రీనివాస్']) {
      expect(check(rule, ok), ok).toBeUndefined();
    }
    for (const bad of ['Suresh2', '-', ". '", 'Ram 😀', 'a_b', 'सुरेश१']) {
      expect(check(rule, bad), bad).toBe('Only letters are allowed');
    }
  });

  it('digits and exactDigits take digits only (Latin, or Devanagari read as Latin), after trimming', () => {
    expect(check({ kind: 'digits', message: 'D' }, '42')).toBeUndefined();
    expect(check({ kind: 'digits', message: 'D' }, ' 42 ')).toBeUndefined();
    expect(check({ kind: 'digits', message: 'D' }, '4.2')).toBe('D');
    expect(check({ kind: 'digits', message: 'D' }, '४२')).toBeUndefined();
    expect(check({ kind: 'digits', message: 'D' }, '٤٢')).toBe('D');
    const exact: Rule = { kind: 'exactDigits', length: 10, message: 'Enter 10-digit number' };
    expect(check(exact, '9876543210')).toBeUndefined();
    expect(check(exact, '987654321')).toBe('Enter 10-digit number');
    expect(check(exact, '98765432101')).toBe('Enter 10-digit number');
    expect(check(exact, '98765 43210')).toBe('Enter 10-digit number');
    expect(check(exact, 9876543210)).toBeUndefined();
  });

  it('email uses the simple pattern', () => {
    const rule: Rule = { kind: 'email', message: 'Invalid email format' };
    expect(check(rule, 'a@b.co')).toBeUndefined();
    expect(check(rule, ' a@b.co ')).toBeUndefined();
    expect(check(rule, 'a@b')).toBe('Invalid email format');
    expect(check(rule, 'a b@c.d')).toBe('Invalid email format');
    expect(check(rule, '@b.co')).toBe('Invalid email format');
  });

  it('minLength and maxLength count code points, not UTF-16 units', () => {
    expect(check({ kind: 'minLength', min: 6, message: 'Min' }, 'abcde')).toBe('Min');
    expect(check({ kind: 'minLength', min: 6, message: 'Min' }, 'abcdef')).toBeUndefined();
    expect(check({ kind: 'maxLength', max: 3, message: 'Max' }, 'abc')).toBeUndefined();
    expect(check({ kind: 'maxLength', max: 3, message: 'Max' }, 'abcd')).toBe('Max');
    // Three code points (each an astral character: two UTF-16 units).
    expect(check({ kind: 'maxLength', max: 3, message: 'Max' }, '𝒜𝒝𝒞')).toBeUndefined();
    expect(check({ kind: 'maxLength', max: 100, message: 'Max' }, 'अ'.repeat(100))).toBeUndefined();
    expect(check({ kind: 'maxLength', max: 100, message: 'Max' }, 'अ'.repeat(101))).toBe('Max');
  });

  it('noEmoji refuses pictographs but not digits, # or Marathi text', () => {
    const rule: Rule = { kind: 'noEmoji', message: 'Emojis are not allowed' };
    expect(check(rule, 'Hello 😀')).toBe('Emojis are not allowed');
    expect(check(rule, 'नमस्कार 🙏')).toBe('Emojis are not allowed');
    expect(check(rule, '❤️')).toBe('Emojis are not allowed');
    expect(check(rule, 'Flat #12, 3rd floor')).toBeUndefined();
    expect(check(rule, 'सुरेश क्षीरसागर')).toBeUndefined();
  });

  it('minNumber checks an integer of at least min', () => {
    const rule = minNumber(1, 'At least 1 guest');
    expect(check(rule, '1')).toBeUndefined();
    expect(check(rule, 12)).toBeUndefined();
    expect(check(rule, '0')).toBe('At least 1 guest');
    expect(check(rule, '-3')).toBe('At least 1 guest');
    expect(check(rule, '1.5')).toBe('At least 1 guest');
    expect(check(rule, 'two')).toBe('At least 1 guest');
    expect(check(rule, '99999999999999999999')).toBeUndefined();
  });

  it('date accepts real calendar dates written YYYY-MM-DD only', () => {
    const rule: Rule = { kind: 'date', message: 'Invalid date' };
    expect(check(rule, '2024-02-29')).toBeUndefined();
    expect(check(rule, '2023-02-29')).toBe('Invalid date');
    expect(check(rule, '2025-13-01')).toBe('Invalid date');
    expect(check(rule, '2025-04-31')).toBe('Invalid date');
    expect(check(rule, '2025-4-3')).toBe('Invalid date');
    expect(check(rule, '03/04/2025')).toBe('Invalid date');
    expect(check(rule, '0099-01-01')).toBeUndefined();
  });

  it('reads Devanagari digits as the digits they are where a rule reads digits, as the server does', () => {
    const phone: Rule = { kind: 'exactDigits', length: 10, message: 'Enter 10-digit number' };
    expect(check(phone, '९८७६५४३२१०')).toBeUndefined();
    expect(check(phone, '९८७६५')).toBe('Enter 10-digit number');
    expect(check({ kind: 'digits', message: 'Only numbers allowed' }, '४२')).toBeUndefined();
    expect(check(minNumber(1, 'At least 1 guest'), '०')).toBe('At least 1 guest');
    expect(check({ kind: 'date', message: 'Invalid date' }, '२०२६-११-२५')).toBeUndefined();
    // Names are not read as digits: a digit in a name is still refused.
    expect(check({ kind: 'letters', message: 'Only letters are allowed' }, 'सुरेश ४')).toBe('Only letters are allowed');
  });

  it('notPast judges today in Asia/Kolkata', () => {
    const rule: Rule = { kind: 'notPast', message: 'Date cannot be in the past' };
    // 20:00 UTC on 10 March is already 01:30 on 11 March in India.
    const now = new Date('2026-03-10T20:00:00Z');
    expect(todayInIndia(now)).toBe('2026-03-11');
    expect(check(rule, '2026-03-10', {}, now)).toBe('Date cannot be in the past');
    expect(check(rule, '2026-03-11', {}, now)).toBeUndefined();
    expect(check(rule, '2027-01-01', {}, now)).toBeUndefined();
    // 18:00 UTC on 10 March is 23:30 on 10 March in India: the 10th is still today.
    const evening = new Date('2026-03-10T18:00:00Z');
    expect(check(rule, '2026-03-10', {}, evening)).toBeUndefined();
    expect(check(rule, '2026-03-09', {}, evening)).toBe('Date cannot be in the past');
    // Not a date: left to the date rule.
    expect(check(rule, 'soon', {}, now)).toBeUndefined();
  });

  it('notFuture judges today in Asia/Kolkata', () => {
    const rule: Rule = { kind: 'notFuture', message: 'Date of birth cannot be in the future' };
    // 20:00 UTC on 10 March is already 01:30 on 11 March in India: the 11th is today.
    const now = new Date('2026-03-10T20:00:00Z');
    expect(check(rule, '2026-03-11', {}, now)).toBeUndefined();
    expect(check(rule, '2026-03-12', {}, now)).toBe('Date of birth cannot be in the future');
    expect(check(rule, '1950-01-01', {}, now)).toBeUndefined();
    // 18:00 UTC on 10 March is 23:30 on 10 March in India: the 11th is still tomorrow.
    const evening = new Date('2026-03-10T18:00:00Z');
    expect(check(rule, '2026-03-10', {}, evening)).toBeUndefined();
    expect(check(rule, '2026-03-11', {}, evening)).toBe('Date of birth cannot be in the future');
    // Not a date: left to the date rule.
    expect(check(rule, 'soon', {}, now)).toBeUndefined();
  });

  it('minAge counts whole years to today in Asia/Kolkata, birthdays from their day', () => {
    const rule: Rule = { kind: 'minAge', years: 18, message: 'The person must be at least 18 years old.' };
    // 20:00 UTC on 10 March 2026 is already 11 March in India.
    const now = new Date('2026-03-10T20:00:00Z');
    expect(check(rule, '2008-03-11', {}, now)).toBeUndefined();
    expect(check(rule, '2008-03-12', {}, now)).toBe('The person must be at least 18 years old.');
    expect(check(rule, '१९९०-०१-०१', {}, now)).toBeUndefined();
    expect(check(rule, 'soon', {}, now)).toBeUndefined();
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('not a date', '2026-06-15')).toBeNull();
  });

  it('after compares with the other field only when both are valid dates', () => {
    const rule: Rule = { kind: 'after', field: 'checkIn', message: 'Check-out must be after check-in' };
    expect(check(rule, '2026-05-02', { checkIn: '2026-05-01' })).toBeUndefined();
    expect(check(rule, '2026-05-01', { checkIn: '2026-05-01' })).toBe('Check-out must be after check-in');
    expect(check(rule, '2026-04-30', { checkIn: '2026-05-01' })).toBe('Check-out must be after check-in');
    expect(check(rule, '2026-04-30', { checkIn: '' })).toBeUndefined();
    expect(check(rule, '2026-04-30', { checkIn: 'tomorrow' })).toBeUndefined();
    expect(check(rule, '2026-04-30', {})).toBeUndefined();
  });

  it('oneOf compares the trimmed value exactly', () => {
    const rule: Rule = { kind: 'oneOf', values: ['standard', 'deluxe', 'suite'], message: 'Room type is required' };
    expect(check(rule, 'deluxe')).toBeUndefined();
    expect(check(rule, ' suite ')).toBeUndefined();
    expect(check(rule, 'Deluxe')).toBe('Room type is required');
    expect(check(rule, 'palace')).toBe('Room type is required');
  });

  it('emailOrMobile accepts an e-mail, or 10 digits with an optional leading 0 or +91, spaces and dashes', () => {
    const rule: Rule = { kind: 'emailOrMobile', message: 'EM' };
    for (const ok of ['a@b.co', '9876543210', '+919876543210', '+91 98765 43210', '98765-43210', ' 9876543210 ', '09876543210', '०९८७६५ ४३२१०']) {
      expect(check(rule, ok), ok).toBeUndefined();
    }
    for (const bad of ['987654321', '919876543210', '+9198765432', 'abc', 'a@b', '98765x43210', '009876543210']) {
      expect(check(rule, bad), bad).toBe('EM');
    }
  });

  it('mobile takes a leading 0 or +91, spaces, dashes and Devanagari digits, as the server does', () => {
    const rule: Rule = { kind: 'mobile', message: 'Phone must be 10 digits' };
    for (const ok of ['9876543210', ' 98765 43210 ', '098765-43210', '0 98765 43210', '+91 98765 43210', '+919876543210', '९८७६५४३२१०', '+९१ ९८७६५४३२१०']) {
      expect(check(rule, ok), ok).toBeUndefined();
    }
    for (const bad of ['987654321', '98765432101', '+92 98765 43210', '0098765 43210', '+91 0 98765 43210', '98765x43210', 'a@b.co']) {
      expect(check(rule, bad), bad).toBe('Phone must be 10 digits');
    }
    expect(bareMobile('+९१ ९८७६५-४३२१०')).toBe('9876543210');
    expect(bareMobile('0 98765 43210')).toBe('9876543210');
    expect(bareMobile('98765')).toBeNull();
  });

  it('time takes HH:MM on a 24-hour clock, in Latin or Devanagari digits', () => {
    const rule: Rule = { kind: 'time', message: 'Invalid time' };
    for (const ok of ['07:30', '00:00', '23:59', ' 19:05 ', '०७:३०']) {
      expect(check(rule, ok), ok).toBeUndefined();
    }
    for (const bad of ['7:30', '24:00', '07:60', '07:30:00', '07.30', '७:३०', '07:30 PM']) {
      expect(check(rule, bad), bad).toBe('Invalid time');
    }
  });

  it('the booking, family and matrimonial mobile fields take a leading 0 or +91', () => {
    const tables: Array<[FormRules, string]> = [
      [validationRules.roomBooking, 'phone'],
      [validationRules.pujaBooking, 'phone'],
      [validationRules.markandeyaBooking, 'phone'],
      [validationRules.familyHead, 'whatsapp'],
      [validationRules.familyMember, 'whatsapp'],
      [validationRules.matrimonyRegistration, 'mobile'],
      [validationRules.matrimonyProfile, 'mobile'],
      [validationRules.memberLogin, 'emailOrMobile'],
      [validationRules.subscriber, 'value'],
    ];
    for (const [rules, field] of tables) {
      for (const typed of ['09876543210', '+91 98765-43210', '०९८७६५४३२१०']) {
        expect(validateField(rules, field, { [field]: typed }), `${field}: ${typed}`).toBeUndefined();
      }
      expect(validateField(rules, field, { [field]: '98765' }), field).toBeDefined();
    }
  });

  it('reports the first failing rule of a field and checks every field of a form', () => {
    const rules: FormRules = validationRules.contact;
    expect(validateForm(rules, { full_name: '', email: 'x', message: 'hi' })).toEqual({
      full_name: 'Full name is required',
      email: 'Invalid email format',
    });
    expect(validateForm(rules, { full_name: 'सुरेश', email: 'a@b.co', message: 'नमस्कार' })).toEqual({});
    expect(validateField(rules, 'full_name', { full_name: 'x'.repeat(101) })).toBe('Maximum 100 characters allowed');
    expect(validateField(rules, 'full_name', { full_name: 'Ram 😀' })).toBe('Emojis are not allowed');
    expect(validateField(rules, 'unknown', { unknown: '' })).toBeUndefined();
  });
});

describe('the site content rules (the server: validation/check.rs)', () => {
  const site = validationRules.siteContent as FormRules;
  const check = (path: string, value: string) => validateField(site, path, { [path]: value });

  it('take https links only, phones as people write them, and images of the site', () => {
    expect(isHttpsUrl('https://www.youtube.com/@samiti')).toBe(true);
    for (const bad of ['http://example.org', 'javascript:alert(1)', 'https://', 'https://exa mple.org', 'data:text/html,x']) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
    expect(isPhone('+91 20 2445 1935')).toBe(true);
    expect(isPhone('०२० २४४५ १९३५')).toBe(true);
    expect(isPhone('call me')).toBe(false);
    expect(isPhone('12345')).toBe(false);
    expect(check('organisation.social.*.url', 'http://example.org')).toBe('Enter an address starting with https://');
    expect(check('slides.*.image', '/uploads/0123456789abcdef0123456789abcdef.webp')).toBeUndefined();
    expect(check('slides.*.image', '/images/home/slide-1.svg')).toBeUndefined();
    for (const bad of ['/uploads/../secret.png', 'https://elsewhere.example/x.png', '/images/x.svg?x=1']) {
      expect(check('slides.*.image', bad), bad).toBe('Upload an image');
    }
  });

  it('refuse a long text whose links lead anywhere but https, mail, telephone or the site', () => {
    expect(linksAreSafe('See [us](https://example.org), [mail](mailto:info@example.org), [call](tel:+91 20 2445 1935), [page](/contact).')).toBe(true);
    for (const bad of ['[x](javascript:alert(1))', '[x](data:text/html,hi)', '[x](//evil.example)', '[x](http://example.org)']) {
      expect(linksAreSafe(bad), bad).toBe(false);
    }
    expect(check('about.mr', '[दुवा](javascript:alert(1))')).toBe('Links may lead only to https://, mailto:, tel: or a page of this site');
    expect(check('about.mr', '')).toBe('Enter the Marathi text');
  });

  it('count a list against its maxItems', () => {
    expect(tooManyItems(site['team.*.members'], new Array(40).fill({}))).toBeUndefined();
    expect(tooManyItems(site['team.*.members'], new Array(41).fill({}))).toBe('This list has too many entries');
  });
});

describe('useForm', () => {
  it('validates a field as it changes, re-checks on submit and takes server messages', () => {
    const { result } = renderHook(() => useForm(validationRules.contact, { full_name: '', email: '', message: '' }));
    expect(result.current.errors).toEqual({});

    act(() => result.current.setValue('email', 'abc'));
    expect(result.current.errors).toEqual({ email: 'Invalid email format' });
    act(() => result.current.setValue('email', 'abc@example.org'));
    expect(result.current.errors).toEqual({});

    let ok = true;
    act(() => {
      ok = result.current.validate();
    });
    expect(ok).toBe(false);
    expect(result.current.errors).toEqual({ full_name: 'Full name is required', message: 'Message is required' });

    act(() => result.current.setServerErrors({ email: 'Invalid email format' }));
    expect(result.current.errors.email).toBe('Invalid email format');

    act(() => result.current.reset());
    expect(result.current.values).toEqual({ full_name: '', email: '', message: '' });
    expect(result.current.errors).toEqual({});
  });

  it('re-checks a dependent field when the field it depends on changes', () => {
    const rules: FormRules = {
      checkIn: [{ kind: 'required', message: 'Check-in date is required' }],
      checkOut: [
        { kind: 'required', message: 'Check-out date is required' },
        { kind: 'after', field: 'checkIn', message: 'Check-out must be after check-in' },
      ],
    };
    const { result } = renderHook(() => useForm(rules, { checkIn: '2026-05-05', checkOut: '' }));
    act(() => result.current.setValue('checkOut', '2026-05-04'));
    expect(result.current.errors.checkOut).toBe('Check-out must be after check-in');
    act(() => result.current.setValue('checkIn', '2026-05-01'));
    expect(result.current.errors.checkOut).toBeUndefined();
  });
});
