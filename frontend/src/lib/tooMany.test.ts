import { describe, expect, it } from 'vitest';
import { marathiDigits } from './digits';
import { createTestI18n } from '@/test/i18n';
import { formRefusal } from './api';
import { TOO_MANY_SUBMISSIONS, TOO_MANY_UPLOADS, tooManyText } from './tooMany';

const en = createTestI18n('en').t;
const mr = createTestI18n('mr').t;
const latin = (n: number) => String(n);
const devanagari = (n: number) => marathiDigits(n);

describe('the alert of a form refused with 429', () => {
  it('says how long to wait, in the page’s language and digits', () => {
    const refusal = { status: 429, error: TOO_MANY_SUBMISSIONS, retryAfter: 40 };
    expect(tooManyText(refusal, en, latin)).toBe('Too many submissions from your connection. Please wait 40 seconds and try again.');
    expect(tooManyText(refusal, mr, devanagari)).toBe('आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया ४० सेकंद थांबून पुन्हा प्रयत्न करा.');
    expect(tooManyText({ ...refusal, retryAfter: 600 }, en, latin)).toBe('Too many submissions from your connection. Please wait 10 minutes and try again.');
  });

  it('says the day’s upload cap in hours', () => {
    const refusal = { status: 429, error: TOO_MANY_UPLOADS, retryAfter: 5 * 3600 + 1 };
    expect(tooManyText(refusal, en, latin)).toBe('Too many uploads from your connection today. Please wait 6 hours and try again.');
    expect(tooManyText(refusal, mr, devanagari)).toBe('आज आपल्या इंटरनेट कनेक्शनवरून खूप फाईल अपलोड झाल्या. कृपया ६ तास थांबून पुन्हा प्रयत्न करा.');
  });

  it('without a wait it can read, says the server’s message translated', () => {
    expect(tooManyText({ status: 429, error: TOO_MANY_SUBMISSIONS, retryAfter: null }, mr, devanagari)).toBe(
      'आपल्या इंटरनेट कनेक्शनवरून खूप वेळा माहिती पाठवली गेली. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.',
    );
    expect(tooManyText({ status: 429, error: TOO_MANY_UPLOADS }, mr, devanagari)).toBe(
      'आज आपल्या इंटरनेट कनेक्शनवरून खूप फाईल अपलोड झाल्या. कृपया उद्या पुन्हा प्रयत्न करा.',
    );
    // A 429 without a body (a proxy's) is still a rate limit.
    expect(tooManyText({ status: 429, error: '' }, en, latin)).toBe(TOO_MANY_SUBMISSIONS);
  });

  it('leaves every other answer to the form', () => {
    for (const status of [0, 409, 422, 500]) expect(tooManyText({ status, error: 'Validation failed', retryAfter: 40 }, en, latin)).toBeNull();
    expect(tooManyText(null, en, latin)).toBeNull();
  });

  it('reads the wait from the answer’s Retry-After', () => {
    const answer = new Response(JSON.stringify({ error: TOO_MANY_SUBMISSIONS }), { status: 429, headers: { 'Retry-After': '12' } });
    const refusal = formRefusal(answer, { error: TOO_MANY_SUBMISSIONS });
    expect(refusal).toEqual({ ok: false, status: 429, error: TOO_MANY_SUBMISSIONS, fields: {}, retryAfter: 12 });
    expect(tooManyText(refusal, en, latin)).toBe('Too many submissions from your connection. Please wait 12 seconds and try again.');
    expect(formRefusal(new Response(null, { status: 429, headers: { 'Retry-After': 'soon' } }), undefined).retryAfter).toBeNull();
  });
});
