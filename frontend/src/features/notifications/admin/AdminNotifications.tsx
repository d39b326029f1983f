/**
 * Administrator page for the notifications (docs/SPECIFICATION.md §2, §4 "Notification admin"): an add box;
 * Edit fills the box and the button becomes "Update Notification" with a Cancel; update or
 * cancel returns to add mode. A blank or whitespace-only message does nothing. The list is the
 * public GET /notifications (newest first), in the shared administrator table.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/TextField';
import { api, errorText, fieldErrors, type Schemas } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useRealtime } from '@/lib/realtime';
import { useForm, type FormRules } from '@/lib/validation';
import { deleteNotification, loadNotifications } from './api';
import styles from './AdminNotifications.module.css';

type Notification = Schemas['Notification'];

const rules: FormRules = { message: [...validationRules.notification.message] };
const FIELD_ID = 'admin-notification-message';
const MAX_LENGTH = 500;

/** A short form of a message for buttons' accessible names. */
function excerpt(text: string, length = 40): string {
  const chars = [...text.trim()];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

export default function AdminNotifications() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const form = useForm(rules, { message: '' });
  const [editing, setEditing] = useState<Notification | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [reloadKey, setReloadKey] = useState(0);

  // Another administrator's change (or this one's, in another tab) reloads the list.
  useRealtime((event) => {
    if (event.type === 'notification_updated') setReloadKey((key) => key + 1);
  });

  const focusField = () => {
    const field = document.getElementById(FIELD_ID);
    field?.focus();
    field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const leaveEdit = () => {
    setEditing(null);
    form.reset();
  };

  const startEdit = (row: Notification) => {
    setNotice(null);
    setEditing(row);
    form.setValues({ message: row.message });
    // The box is above the list: bring it into view on a phone.
    requestAnimationFrame(focusField);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = form.values.message.trim();
    // docs/SPECIFICATION.md §5: a blank or whitespace-only message is ignored.
    if (!message) {
      focusField();
      return;
    }
    if (!form.validate()) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = editing
        ? await api.PUT('/notifications/{id}', { params: { path: { id: editing.id } }, body: { message } })
        : await api.POST('/notifications', { body: { message } });
      if (result.response.ok) {
        setNotice({ kind: 'success', text: editing ? t('Notification updated.') : t('Notification added.') });
        leaveEdit();
        setReloadKey((key) => key + 1);
        return;
      }
      const fields = fieldErrors(result.error);
      if (result.response.status === 422 && fields.message) form.setServerErrors(fields);
      else if (result.response.status === 404) {
        setNotice({ kind: 'error', text: t('This notification no longer exists.') });
        leaveEdit();
        setReloadKey((key) => key + 1);
      } else {
        setNotice({ kind: 'error', text: t(errorText(result.error, i18nKey('Could not save the notification. Please try again.'))) });
      }
    } catch (error) {
      console.error('Saving the notification failed', error);
      setNotice({ kind: 'error', text: t('Could not save the notification. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const columns: Array<AdminColumn<Notification>> = [
    { key: 'message', header: t('Message'), cell: (row) => row.message, wide: true, sortable: true },
    { key: 'created_at', header: t('Date'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
  ];

  const length = [...form.values.message].length;
  const error = form.errors.message;

  return (
    <AdminPage title={t('Notifications')} intro={t('The newest notification scrolls in the banner on the home page.')}>
      <section className={`form-card form-card-outlined ${styles.box} ${editing ? 'form-card-editing' : ''}`} aria-labelledby="notification-box-title">
        <h2 id="notification-box-title" className={styles.boxTitle}>
          {editing ? t('Edit notification') : t('New notification')}
        </h2>
        {editing ? <p className={styles.editHint}>{t('Change the text, then press Update Notification. Cancel keeps the old text.')}</p> : null}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextArea
            id={FIELD_ID}
            label={t('Notification message')}
            rows={3}
            {...form.field('message')}
            error={error ? t(error) : undefined}
            hint={t('{{used}} of {{max}} characters', { used: digits(length), max: digits(MAX_LENGTH) })}
          />
          <div className={styles.buttons}>
            <Button type="submit" busy={busy}>
              {editing ? t('Update Notification') : t('Add Notification')}
            </Button>
            {editing ? (
              <Button variant="secondary" onClick={leaveEdit} disabled={busy}>
                {t('Cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      </section>

      <AdminNotice notice={notice} />

      <section aria-labelledby="notification-list-title" className={styles.list}>
        <h2 id="notification-list-title" className={styles.listTitle}>
          {t('All notifications')}
        </h2>
        <AdminTable
          label={t('All notifications')}
          columns={columns}
          load={loadNotifications}
          onDelete={(row) => deleteNotification(row.id)}
          deleteConfirmation={t('Are you sure you want to delete this notification?')}
          describe={(row) => [excerpt(row.message), formatAdminDate(row.created_at, lang)]}
          emptyMessage={t('No notifications found.')}
          rowLabel={(row) => excerpt(row.message)}
          rowActions={(row) => (
            <Button variant="secondary" size="sm" aria-label={`${t('Edit')}: ${excerpt(row.message)}`} onClick={() => startEdit(row)}>
              {t('Edit')}
            </Button>
          )}
          onDeleted={(row) => {
            if (editing?.id === row.id) leaveEdit();
          }}
          reloadKey={reloadKey}
          defaultSort="-created_at"
        />
      </section>
    </AdminPage>
  );
}
