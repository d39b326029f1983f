import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fakeXhr';
import { setAdminToken, setUnauthorizedHandler } from './api';
import { adminUpload, upload } from './upload';

const form = () => {
  const body = new FormData();
  body.append('image', new File(['x'], 'a.png', { type: 'image/png' }));
  return body;
};

describe('uploads with progress', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the form to the path, reports the share sent and resolves with the JSON answer', async () => {
    const progress: number[] = [];
    const done = upload({ method: 'PUT', path: '/api/profile/profiles/7', form: form(), onProgress: (sent) => progress.push(sent) });
    const [request] = FakeXhr.sent;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/profile/profiles/7');
    expect(request.headers.Accept).toBe('application/json');
    expect(request.headers.Authorization).toBeUndefined();
    expect(request.body!.get('image')).toMatchObject({ name: 'a.png' });
    request.progress(50, 200);
    request.respond(201, { message: 'Profile Registered Successfully' });
    expect(progress).toEqual([0.25]);
    await expect(done).resolves.toEqual({ ok: true, status: 201, data: { message: 'Profile Registered Successfully' } });
  });

  it('answers a refusal with its status, error body and Retry-After, and no answer with status 0', async () => {
    const refused = upload({ method: 'POST', path: '/api/events', form: form(), onProgress: () => {} });
    FakeXhr.sent[0].respond(422, { error: 'Validation failed', fields: { description: 'Maximum 300 characters allowed' } });
    await expect(refused).resolves.toEqual({
      ok: false,
      status: 422,
      error: { error: 'Validation failed', fields: { description: 'Maximum 300 characters allowed' } },
      retryAfter: null,
    });
    const lost = upload({ method: 'POST', path: '/api/events', form: form(), onProgress: () => {} });
    FakeXhr.sent[1].fail();
    await expect(lost).resolves.toEqual({ ok: false, status: 0, retryAfter: null });
    const limited = upload({ method: 'POST', path: '/api/profile/register', form: form(), onProgress: () => {} });
    FakeXhr.sent[2].respond(429, { error: 'Too many uploads from your connection today. Please try again tomorrow.' }, { 'Retry-After': '3600' });
    await expect(limited).resolves.toMatchObject({ ok: false, status: 429, retryAfter: 3600 });
  });

  it("sends the administrator's token, and a refused token is dropped at once with a way to /login", async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setAdminToken('expired');
    const done = adminUpload({ method: 'POST', path: '/api/gallery', form: form(), onProgress: () => {} });
    expect(FakeXhr.sent[0].headers.Authorization).toBe('Bearer expired');
    FakeXhr.sent[0].respond(401, { error: 'Authentication required' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('adminToken')).toBeNull();
    await expect(done).resolves.toMatchObject({ ok: false, status: 401 });
  });
});
