/**
 * Unsaved changes are not lost by leaving the page: the browser asks before closing or
 * reloading the tab (`beforeunload`), and a link inside the site asks in a dialog (react-router's
 * blocker) whether to leave.
 */
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useLeaveWarning } from '@/lib/useLeaveWarning';

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  // Only another page: the editor's own state never changes the address.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useLeaveWarning(dirty);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      message={t('Leave this page? The changes you have not saved are lost.')}
      confirmLabel={t('Leave without saving')}
      dismissLabel={t('Stay on this page')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
