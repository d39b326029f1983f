/**
 * Who the signed-in administrator is: asked of the server when the dashboard opens
 * (GET /api/admin/verify: `{valid, email, roles, must_change_password}`), and offered to the
 * dashboard's pages through a context (`useAdminIdentity`): the sections they show, the
 * password change that comes first after an owner reset the password (docs/DESIGN.md §10).
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { Role } from '@bindings/Role';
import { api, getAdminToken } from './api';

/** The signed-in administrator: e-mail, roles, and whether the password must be changed first. */
export type AdminIdentity = { email: string; roles: Role[]; mustChangePassword: boolean };

export type Verification = { status: 'valid'; identity: AdminIdentity } | { status: 'refused' | 'invalid' };

/**
 * What the server says of the stored token: `valid` with the identity, `refused` (401/403: it
 * expired, or the administrator signed out everywhere) or `invalid` (any other answer).
 */
export async function verifyAdmin(signal?: AbortSignal): Promise<Verification> {
  const { data, response } = await api.GET('/api/admin/verify', { signal });
  if (response.status === 401 || response.status === 403) return { status: 'refused' };
  if (!response.ok || data?.valid !== true) return { status: 'invalid' };
  return {
    status: 'valid',
    identity: { email: data.email ?? '', roles: data.roles ?? [], mustChangePassword: data.must_change_password === true },
  };
}

/** `refused`: the server refused the stored token; `invalid`: no token, or no answer. */
export type Access = 'pending' | 'valid' | 'refused' | 'invalid';

export type AdminAccessState = {
  access: Access;
  identity: AdminIdentity | null;
  /** Asks the server again (after a password change, or a 403 on roles that changed). */
  refresh: () => void;
  /** Changes what is known without asking (a 403 "Please change your password first"). */
  update: (change: Partial<AdminIdentity>) => void;
};

/** Checks the stored token when the area opens, and again on `refresh()`. */
export function useAdminAccess(): AdminAccessState {
  const [access, setAccess] = useState<Access>(() => (getAdminToken() ? 'pending' : 'invalid'));
  const [identity, setIdentity] = useState<AdminIdentity | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!getAdminToken()) {
      setAccess('invalid');
      return;
    }
    const controller = new AbortController();
    verifyAdmin(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.status === 'valid') setIdentity(answer.identity);
        setAccess(answer.status);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Verifying the administrator failed', error);
        setAccess('invalid');
      },
    );
    return () => controller.abort();
  }, [round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const update = useCallback((change: Partial<AdminIdentity>) => setIdentity((current) => (current ? { ...current, ...change } : current)), []);
  return { access, identity, refresh, update };
}

const noIdentity: AdminAccessState = { access: 'invalid', identity: null, refresh: () => {}, update: () => {} };

/** The dashboard's shell provides what verify said; its pages read it with useAdminIdentity(). */
export const AdminIdentityContext = createContext<AdminAccessState>(noIdentity);

/** The signed-in administrator (null outside the dashboard's shell), with `refresh` and `update`. */
export function useAdminIdentity(): AdminAccessState {
  return useContext(AdminIdentityContext);
}
