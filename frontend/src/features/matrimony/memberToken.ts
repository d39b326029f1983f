/**
 * The matrimonial member's sign-in token (docs/SPECIFICATION.md §6: "logout removes the stored user token"),
 * kept in localStorage `userToken`, apart from the administrator's token. The login and the free
 * registration (which signs the member in) both keep it here. It is never added by the
 * administrator middleware: member calls attach it themselves (see api.ts).
 */
import { useSyncExternalStore } from 'react';

const MEMBER_TOKEN_KEY = 'userToken';

/** Components that show whether a member is signed in, told of a change made in this tab. */
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function getMemberToken(): string | null {
  try {
    return localStorage.getItem(MEMBER_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setMemberToken(token: string) {
  localStorage.setItem(MEMBER_TOKEN_KEY, token);
  changed();
}

export function clearMemberToken() {
  try {
    localStorage.removeItem(MEMBER_TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing stored either */
  }
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === MEMBER_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The member token as a component sees it: null in the build's prerender and in the render that
 * hydrates it (a prerendered page is drawn as for a visitor who is not signed in, so hydration
 * matches), then the stored token, following sign-in and sign-out in this tab and others.
 */
export function useMemberToken(): string | null {
  return useSyncExternalStore(subscribe, getMemberToken, () => null);
}

/** The Authorization header of a member call. */
export const memberAuthorization = (token: string) => ({ Authorization: `Bearer ${token}` });
