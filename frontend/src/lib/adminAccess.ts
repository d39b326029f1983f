/**
 * Whether the stored administrator token is still good: asked of the server once when the
 * dashboard opens (GET /api/admin/verify).
 */
import { useEffect, useState } from 'react';
import { api, getAdminToken } from './api';

/**
 * What the server says of the stored token: `valid`, `refused` (401/403: it expired, or the
 * administrator signed out everywhere) or `invalid` (any other answer).
 */
export async function verifyAdmin(signal?: AbortSignal): Promise<'valid' | 'refused' | 'invalid'> {
  const { data, response } = await api.GET('/api/admin/verify', { signal });
  if (response.status === 401 || response.status === 403) return 'refused';
  return response.ok && data?.valid === true ? 'valid' : 'invalid';
}

/** `refused`: the server refused the stored token; `invalid`: no token, or no answer. */
type Access = 'pending' | 'valid' | 'refused' | 'invalid';

/** Checks the stored token once when the area opens. */
export function useAdminAccess(): Access {
  const [access, setAccess] = useState<Access>(() => (getAdminToken() ? 'pending' : 'invalid'));
  useEffect(() => {
    if (!getAdminToken()) {
      setAccess('invalid');
      return;
    }
    const controller = new AbortController();
    verifyAdmin(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setAccess(answer);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Verifying the administrator failed', error);
        setAccess('invalid');
      },
    );
    return () => controller.abort();
  }, []);
  return access;
}

