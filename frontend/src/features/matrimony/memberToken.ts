/**
 * The matrimonial member's sign-in token (docs/SPECIFICATION.md §6: "logout removes the stored user token"),
 * kept in localStorage `userToken`, apart from the administrator's token. It is never added by
 * the administrator middleware: member calls attach it themselves (see api.ts).
 */
const MEMBER_TOKEN_KEY = 'userToken';

export function getMemberToken(): string | null {
  try {
    return localStorage.getItem(MEMBER_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setMemberToken(token: string) {
  localStorage.setItem(MEMBER_TOKEN_KEY, token);
}

export function clearMemberToken() {
  try {
    localStorage.removeItem(MEMBER_TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing stored either */
  }
}

/** The Authorization header of a member call. */
export const memberAuthorization = (token: string) => ({ Authorization: `Bearer ${token}` });
