/**
 * The matrimonial section's server calls (issue 9): the free registration, the member sign-in,
 * the Create Profile upload (by XMLHttpRequest, because fetch reports no upload progress) and
 * the matches listing. Member calls carry the member token explicitly; the administrator
 * middleware adds its own token only to calls without an Authorization header, and never acts
 * on a member call's refusal.
 */
import { api, errorText, fieldErrors, type Schemas } from '@/lib/api';

export { clearMemberToken, getMemberToken, setMemberToken } from './memberToken';

export type MemberRegistration = Schemas['MemberRegistration'];
export type MemberLogin = Schemas['MemberLogin'];

/** The outcome of a form's call: the answer, or the status (0: no answer), message and per-field messages. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

async function outcome<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data !== undefined) return { ok: true, data };
    return { ok: false, status: response.status, error: errorText(error, ''), fields: fieldErrors(error) };
  } catch (error) {
    console.error('The call failed', error);
    return { ok: false, status: 0, error: '', fields: {} };
  }
}

/** The registration form's values: plain strings (the select may still be empty until the rules pass). */
export type RegistrationValues = Record<'profile_for' | 'email' | 'mobile' | 'password', string>;

/**
 * POST /api/matrimony/register: 201, 409 when the e-mail or mobile already has an account, 422.
 * The rules have checked `profile_for` against the server's list before anything is sent.
 */
export const registerMember = (values: RegistrationValues) =>
  outcome(() => api.POST('/api/matrimony/register', { body: values as MemberRegistration }));

/** POST /api/auth/login: `{message, token}`; 401 with one message for any wrong pair; 429 after repeated failures. */
export const loginMember = (body: MemberLogin) => outcome(() => api.POST('/api/auth/login', { body }));
