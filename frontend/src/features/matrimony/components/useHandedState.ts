import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What the previous page handed over in the history state (a one-time message such as 'Login
 * successful'), read on the first render and then removed from the history entry, so that a
 * reload, or coming back to the page later, does not show it again.
 */
export function useHandedState<T>(): T | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [handed] = useState(() => (location.state ?? null) as T | null);
  const hasState = location.state != null;
  useEffect(() => {
    if (hasState) navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [hasState, navigate, location.pathname, location.search, location.hash]);
  return handed;
}
