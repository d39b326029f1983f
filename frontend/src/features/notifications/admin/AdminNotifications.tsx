/**
 * Administrator page for the notifications (docs/SPECIFICATION.md §2, §4 "Notification admin";
 * docs/DESIGN.md §6): an add box with the English text, the Marathi text (optional: Marathi
 * readers then see the English) and the last day it is shown (optional: until deleted). Edit fills
 * the box and the button becomes "Update Notification" with a Cancel; update or cancel returns to
 * add mode. A blank or whitespace-only English message does nothing. The list is every
 * notification with both texts and its end date (GET /api/admin/notifications), an ended one
 * marked "Ended", in the shared administrator table.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { TextArea, TextField } from '@/components/ui/TextField';
import { errorText, fieldErrors } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useRealtime } from '@/lib/realtime';
import { useToday } from '@/lib/useToday';
import { useForm, type FormRules } from '@/lib/validation';
import { deleteNotification, loadNotifications, saveNotification, type AdminNotification } from './api';
import styles from './AdminNotifications.module.css';

/** The server's rule table of the form (`message`, `message_mr`, `ends_on`). */
const rules: FormRules = validationRules.notification;
const FIELD_ID = 'admin-notification-message';
const MAX_LENGTH = 500;
const empty = { message: '', message_mr: '', ends_on: '' };
type Field = keyof typeof empty;

/** A short form of a message for buttons' accessible names. */
function excerpt(text: string, length = 40): string {
  const chars = [...text.trim()];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

/** True when the notification's last day is before today: it has left the banner. */
function hasEnded(row: Pick<AdminNotification, 'ends_on'>, today: string): boolean {
  return Boolean(row.ends_on) && row.ends_on! < today;
}

export default function AdminNotifications() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const today = useToday();
  const form = useForm(rules, empty);
  const [editing, setEditing] = useState<AdminNotification | null>(null);
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

  const startEdit = (row: AdminNotification) => {
    setNotice(null);
    setEditing(row);
    form.setValues({ message: row.message, message_mr: row.message_mr ?? '', ends_on: row.ends_on ?? '' });
    // The box is above the list: bring it into view on a phone.
    requestAnimationFrame(focusField);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = form.values.message.trim();
    // docs/SPECIFICATION.md §5: a blank or whitespace-only message is ignored.
    if (!message && !form.values.message_mr.trim()) {
      focusField();
      return;
    }
    if (!form.validate()) return;
    setBusy(true);
    setNotice(null);
    try {
      // An empty Marathi text or end date is left out: none (the English; until deleted).
      const body = {
        message,
        message_mr: form.values.message_mr.trim() || undefined,
        ends_on: form.values.ends_on.trim() || undefined,
      };
      const result = await saveNotification(editing ? editing.id : null, body);
      if (result.response.ok) {
        setNotice({ kind: 'success', text: editing ? t('Notification updated.') : t('Notification added.') });
        leaveEdit();
        setReloadKey((key) => key + 1);
        return;
      }
      const fields = fieldErrors(result.error);
      if (result.response.status === 422 && Object.keys(fields).some((name) => name in empty)) form.setServerErrors(fields);
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

  const columns: Array<AdminColumn<AdminNotification>> = [
    { key: 'message', header: t('Message (English)'), cell: (row) => row.message, wide: true, sortable: true },
    {
      key: 'message_mr',
      header: t('Message (Marathi)'),
      cell: (row) => (row.message_mr ? <span lang="mr">{row.message_mr}</span> : <span className={styles.muted}>{t('None: the English is shown')}</span>),
      wide: true,
    },
    {
      key: 'ends_on',
      header: t('Show until'),
      cell: (row) =>
        row.ends_on ? (
          <>
            {formatDate(row.ends_on, lang)}
            {hasEnded(row, today) ? <span className={styles.ended}>{t('Ended')}</span> : null}
          </>
        ) : (
          <span className={styles.muted}>{t('Until deleted')}</span>
        ),
      nowrap: true,
      sortable: true,
    },
    { key: 'created_at', header: t('Date'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
  ];

  const count = (name: Field) => t('{{used}} of {{max}} characters', { used: digits([...form.values[name]].length), max: digits(MAX_LENGTH) });
  const error = (name: Field) => (form.errors[name] ? t(form.errors[name]) : undefined);

  return (
    <AdminPage title={t('Notifications')} intro={t('The newest notification scrolls in the banner on the home page, in the visitor’s language.')}>
      <section className={`form-card form-card-outlined ${styles.box} ${editing ? 'form-card-editing' : ''}`} aria-labelledby="notification-box-title">
        <h2 id="notification-box-title" className={styles.boxTitle}>
          {editing ? t('Edit notification') : t('New notification')}
        </h2>
        {editing ? <p className={styles.editHint}>{t('Change the text, then press Update Notification. Cancel keeps the old text.')}</p> : null}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <div className={styles.texts}>
            <TextArea id={FIELD_ID} label={t('Message (English)')} rows={3} required {...form.field('message')} error={error('message')} hint={count('message')} />
            <TextArea
              label={t('Message (Marathi)')}
              lang="mr"
              rows={3}
              {...form.field('message_mr')}
              error={error('message_mr')}
              hint={`${t('Optional: without it, Marathi readers see the English.')} ${count('message_mr')}`}
            />
          </div>
          <TextField
            label={t('Show until')}
            type="date"
            min={today}
            className={styles.until}
            {...form.field('ends_on')}
            error={error('ends_on')}
            hint={t('Optional: the last day it is shown. Empty: until it is deleted.')}
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
          describe={(row) => [excerpt(row.message), row.message_mr ? excerpt(row.message_mr) : null, formatAdminDate(row.created_at, lang)]}
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
