/**
 * /admin/dashboard/updates (role `communications`, docs/DESIGN.md §14): updates by e-mail to the
 * subscribers who confirmed their address, each in the language they subscribed in. Whether mail
 * is set up (else what turns it on); the editor (UpdateEditor: both languages, preview, a test to
 * oneself, the sending after a question); then the updates already sent with their progress,
 * asked again every few seconds while any still has messages waiting.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { useLoaded } from '@/lib/useLoaded';
import { loadMailStatus, loadUpdates, type Update } from './api';
import { MailNotConfigured } from './MailNotConfigured';
import { SentUpdates } from './SentUpdates';
import { UpdateEditor } from './UpdateEditor';

/** How often the progress is asked for while messages are waiting. */
export const PROGRESS_EVERY_MS = 4000;

export default function AdminUpdates() {
  const { t } = useTranslation();
  const status = useLoaded(loadMailStatus, 'the mail status');
  const updates = useLoaded(loadUpdates, 'the updates');
  const { reload, setData } = updates;
  const sending = updates.data?.some((update) => update.waiting > 0) ?? false;

  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(reload, PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [sending, reload]);

  const sent = (update: Update) => {
    setData((list) => [update, ...(list ?? []).filter((other) => other.id !== update.id)]);
    reload();
  };

  return (
    <AdminPage
      title={t('Updates by e-mail')}
      intro={t('Write an update once in English and in Marathi: every subscriber who confirmed their e-mail address gets it in the language they subscribed in.')}
    >
      {status.data?.configured === false ? <MailNotConfigured /> : null}
      <UpdateEditor configured={status.data?.configured ?? null} onSent={sent} />
      <SentUpdates updates={updates.data} failed={updates.failed} onRetry={reload} />
    </AdminPage>
  );
}
