/**
 * Where the administrator goes back to after signing in: the page that sent them to the login
 * (a dashboard section, /admin/family/12), carried as `?next=` through /login to /adminLogin.
 * Only a path of this site is followed, never another address (`//elsewhere.example`,
 * `https://…`), and never the sign-in pages themselves.
 */
import { paths } from '@/config/paths';

/** The query parameter of /adminLogin that names the page to go back to. */
export const NEXT_PARAM = 'next';

/** What other pages hand to /adminLogin in the router state. */
export type LoginLocationState = {
  /** /register made this account: the form is filled in with it. */
  registeredEmail?: string;
  /** A stored token was refused (it expired, or the password changed): say so. */
  expired?: boolean;
} | null;

const signInPages: string[] = [paths.login, paths.adminLogin, paths.adminRegister];

/** `value` as a path of this site to go back to, or null when it is anything else. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || signInPages.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login's query that brings the administrator back to `location` after signing in. */
export function returnSearch(location: { pathname: string; search: string; hash: string }): string {
  const back = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return back ? `?${new URLSearchParams({ [NEXT_PARAM]: back })}` : '';
}
