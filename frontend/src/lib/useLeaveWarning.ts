import { useEffect } from 'react';

/**
 * While `dirty`, the browser asks before the tab is closed or reloaded (`beforeunload`), so that
 * text not yet saved or sent is not lost by accident.
 */
export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is given.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
