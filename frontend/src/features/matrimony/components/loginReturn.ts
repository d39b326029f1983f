/**
 * Where the member login goes after signing in: the matches, or the page that sent the member to
 * the login (`/loginUser?next=/profilecard`). Only the member pages listed here are taken, so the
 * address cannot send anyone elsewhere.
 */
import { paths } from '@/config/paths';

const RETURNS: readonly string[] = [paths.profileCard, paths.myProfile, paths.matches];

/** The login's address that comes back to `path` after signing in. */
export const loginAndReturn = (path: string) => `${paths.loginUser}?${new URLSearchParams({ next: path })}`;

/** The page to go to after signing in: `next` when it is a member page, else the matches. */
export function afterLogin(search: URLSearchParams): string {
  const next = search.get('next');
  return next && RETURNS.includes(next) ? next : paths.matches;
}
