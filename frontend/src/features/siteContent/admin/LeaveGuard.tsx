/**
 * Unsaved changes are not lost by leaving the page: the browser asks before closing or
 * reloading the tab (`beforeunload`), and a link inside the site asks in a dialog (react-router's
 * blocker) whether to leave.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  // Only another page: the editor's own state never changes the address.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

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

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      message={t('Leave this page? The changes you have not saved are lost.')}
      confirmLabel={t('Leave without saving')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
