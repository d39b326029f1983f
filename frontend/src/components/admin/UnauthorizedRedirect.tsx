import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { returnSearch, type LoginLocationState } from '@/lib/signInReturn';

/**
 * Sends an administrator whose token the server refused to /login without reloading the app,
 * saying that the session has ended, and back to this page after signing in again. Part of the
 * administrator's area (the only pages whose calls carry a token the server may refuse), so the
 * public pages' first screen does without it.
 */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const state: LoginLocationState = { expired: true };
        navigate({ pathname: paths.login, search: returnSearch(here.current) }, { replace: true, state });
      }),
    [navigate],
  );
  return null;
}
