import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/render';
import { adminRefused, api, clearAdminToken, downloadFile, fileNameFrom, getAdminToken, saveDownload, setAdminToken, setForbiddenHandler, setUnauthorizedHandler } from './api';

describe('api client', () => {
  it('adds the administrator token to calls', async () => {
    setAdminToken('tok-123');
    const calls = stubFetch(json([]));
    await api.GET('/api/contacts', { params: { query: { q: 'सुरेश', page: 2 } } });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok-123');
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/api/contacts');
    expect(url.searchParams.get('q')).toBe('सुरेश');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('sends no Authorization header without a token', async () => {
    clearAdminToken();
    const calls = stubFetch(json([]));
    await api.GET('/notifications');
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('drops the token and goes to /login when an administrator call is refused with 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setAdminToken('expired');
    stubFetch(json({ error: 'Authentication required' }, 401));
    const { error } = await api.GET('/api/subscribers');
    expect(error).toEqual({ error: 'Authentication required' });
    expect(getAdminToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Your roles do not give access to this section', 'roles'],
    ['Please change your password first', 'password'],
  ])('keeps the token on a 403 "%s" and tells the dashboard (%s)', async (message, reason) => {
    const unauthorized = vi.fn();
    const forbidden = vi.fn();
    setUnauthorizedHandler(unauthorized);
    const stop = setForbiddenHandler(forbidden);
    setAdminToken('good');
    stubFetch(json({ error: message }, 403));
    const { error } = await api.GET('/api/subscribers');
    expect(error).toEqual({ error: message });
    expect(getAdminToken()).toBe('good');
    expect(forbidden).toHaveBeenCalledWith(reason);
    expect(unauthorized).not.toHaveBeenCalled();
    stop();
  });

  it('keeps the token when an upload is refused with 403, and drops it on 401 (adminRefused)', () => {
    const unauthorized = vi.fn();
    const forbidden = vi.fn();
    setUnauthorizedHandler(unauthorized);
    const stop = setForbiddenHandler(forbidden);
    setAdminToken('good');
    adminRefused(403, { error: 'Your roles do not give access to this section' });
    expect(forbidden).toHaveBeenCalledWith('roles');
    expect(getAdminToken()).toBe('good');
    adminRefused(401, { error: 'Authentication required' });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(getAdminToken()).toBeNull();
    stop();
  });

  it('does not treat a wrong password at login as an expired session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setAdminToken('still-valid');
    stubFetch(json({ error: 'Invalid email or password' }, 401));
    await api.POST('/api/admin/login', { body: { email: 'a@b.co', password: 'wrong-pass' } });
    expect(handler).not.toHaveBeenCalled();
    expect(getAdminToken()).toBe('still-valid');
  });

  it('reads the file name of Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="contacts.xlsx"', 'x')).toBe('contacts.xlsx');
    expect(fileNameFrom('attachment; filename=contacts.pdf', 'x')).toBe('contacts.pdf');
    expect(fileNameFrom("attachment; filename=\"a.pdf\"; filename*=UTF-8''%E0%A4%B8%E0%A5%82%E0%A4%9A%E0%A5%80.pdf", 'x')).toBe('सूची.pdf');
    expect(fileNameFrom(null, 'fallback.bin')).toBe('fallback.bin');
  });

  it('downloads an export with the token and saves it under the server file name', async () => {
    setAdminToken('tok');
    const calls = stubFetch(
      new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="subscribers.xlsx"' } }),
    );
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const name = await downloadFile('/api/subscribers/export/excel', { q: 'gmail', sort: undefined });
    expect(name).toBe('subscribers.xlsx');
    expect(created).toEqual(['subscribers.xlsx']);
    expect(click).toHaveBeenCalledOnce();
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(new URL(calls[0].url).search).toBe('?q=gmail');
  });

  it('throws the server error body when an export fails', async () => {
    setUnauthorizedHandler(() => {});
    stubFetch(json({ error: 'Authentication required' }, 401));
    await expect(downloadFile('/api/contacts/export/pdf')).rejects.toEqual({ error: 'Authentication required' });
  });

  it('saves the file a POST answers under the server file name, with the token (saveDownload)', async () => {
    setAdminToken('tok');
    const calls = stubFetch(
      new Response('gz', { status: 200, headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': 'attachment; filename="samiti-backup-20261127T020000Z.tar.gz"' } }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // Any call of the generated client that reads its answer as a Blob.
    const outcome = await saveDownload(() => api.POST('/api/admin/logout-all', { parseAs: 'blob' }), 'fallback.tar.gz');
    expect(outcome).toEqual({ ok: true, name: 'samiti-backup-20261127T020000Z.tar.gz' });
    expect(saved).toEqual(['samiti-backup-20261127T020000Z.tar.gz']);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
  });

  it('gives a refused download its status and the server message, and an unanswered one status 0 (saveDownload)', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    stubFetch(json({ error: 'A backup is being taken already; please try again in a minute' }, 409));
    const call = () => api.POST('/api/admin/logout-all', { parseAs: 'blob' });
    expect(await saveDownload(call, 'x')).toMatchObject({ ok: false, status: 409, error: 'A backup is being taken already; please try again in a minute' });
    stubFetch(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await saveDownload(call, 'x')).toMatchObject({ ok: false, status: 0 });
    expect(click).not.toHaveBeenCalled();
  });
});
