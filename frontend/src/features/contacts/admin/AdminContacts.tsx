/**
 * Administrator page for the contact messages (docs/SPECIFICATION.md §2): search, a filter (All /
 * Not handled / Handled), delete with a confirmation, Excel and PDF export. What the visitor
 * wrote is read-only; per message an administrator ticks Handled (saved at once), keeps a
 * private note (a dialog), and replies by e-mail (a `mailto:` link with the subject "Re: your
 * message to <organisation>" and the message quoted).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button, ButtonLink } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/TextField';
import { errorText } from '@/lib/api';
import { useSite } from '@/lib/siteContent';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { deleteContact, loadContacts, reviewContact, type Contact } from './api';
import { ContactNoteDialog } from './ContactNoteDialog';
import { replyHref } from './reply';
import styles from './AdminContacts.module.css';

type Shown = '' | 'false' | 'true';

export default function AdminContacts() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { name: organisation } = useSite().organisation;
  const [shown, setShown] = useState<Shown>('');
  const [notice, setNotice] = useState<Notice>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [noteOf, setNoteOf] = useState<Contact | null>(null);
  /** Messages whose Handled box is being saved. */
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  /**
   * The state ticked, per row as loaded, until the list is loaded again (a reload brings new
   * rows, which say what the server has): the box does not flick back while the list reloads.
   */
  const ticked = useRef(new WeakMap<Contact, boolean>());

  const reload = () => setReloadKey((key) => key + 1);

  const setHandled = async (row: Contact, handled: boolean) => {
    setNotice(null);
    ticked.current.set(row, handled);
    setSaving((current) => new Set(current).add(row.id));
    try {
      const { error, response } = await reviewContact(row.id, { handled, note: row.note ?? null });
      if (!response.ok) ticked.current.delete(row);
      if (response.ok) {
        setNotice({
          kind: 'success',
          text: handled ? t('{{name}}: marked as handled.', { name: row.full_name }) : t('{{name}}: marked as not handled.', { name: row.full_name }),
        });
      } else if (response.status === 404) {
        setNotice({ kind: 'error', text: t('This contact no longer exists.') });
      } else {
        setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not save. Please try again.'))) });
      }
    } catch (error) {
      console.error('Saving the handled state failed', error);
      ticked.current.delete(row);
      setNotice({ kind: 'error', text: t('Could not save. Please try again.') });
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(row.id);
        return next;
      });
      reload();
    }
  };

  const reply = (row: Contact) =>
    replyHref(row.email, row.message, {
      subject: t('Re: your message to {{organisation}}', { organisation: lang === 'mr' ? organisation.mr : organisation.en }),
      intro: t('On {{date}} you wrote:', { date: formatAdminDate(row.created_at, lang) }),
    });

  const columns: Array<AdminColumn<Contact>> = [
    { key: 'full_name', header: t('Full name'), cell: (row) => row.full_name, sortable: true },
    { key: 'email', header: t('Email'), cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a>, sortable: true },
    { key: 'message', header: t('Message'), cell: (row) => <span className={styles.message}>{row.message}</span>, wide: true },
    { key: 'created_at', header: t('Date'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
    {
      key: 'handled',
      header: t('Status'),
      cell: (row) => {
        const checked = ticked.current.get(row) ?? row.handled;
        return (
          <label className={styles.handled}>
            <input
              type="checkbox"
              aria-label={`${t('Handled')}: ${row.full_name}`}
              checked={checked}
              disabled={saving.has(row.id)}
              onChange={(event) => void setHandled(row, event.target.checked)}
            />
            <span>{t('Handled')}</span>
          </label>
        );
      },
      nowrap: true,
      sortable: true,
    },
    {
      key: 'note',
      header: t('Private note'),
      cell: (row) => (row.note ? <span className={styles.message}>{row.note}</span> : <span className={styles.muted}>{t('No note')}</span>),
    },
  ];

  return (
    <AdminPage title={t('Contacts')} intro={t('Messages sent through the contact page. Tick Handled once a message has been dealt with; the note is for administrators only.')}>
      <AdminNotice notice={notice} />
      <div className={styles.filters}>
        <SelectField
          label={t('Show')}
          value={shown}
          onChange={(event) => setShown(event.target.value as Shown)}
          options={[
            { value: '', label: t('All messages') },
            { value: 'false', label: t('Not handled') },
            { value: 'true', label: t('Handled') },
          ]}
        />
      </div>

      <AdminTable
        label={t('Contacts')}
        columns={columns}
        load={loadContacts}
        filters={{ handled: shown || undefined }}
        onDelete={(row) => deleteContact(row.id)}
        deleteConfirmation={t('Are you sure you want to delete this contact?')}
        describe={(row) => [row.full_name, row.email, formatAdminDate(row.created_at, lang)]}
        exports={{ excel: '/api/contacts/export/excel', pdf: '/api/contacts/export/pdf' }}
        emptyMessage={shown === 'false' ? t('Every message has been handled.') : t('No data available')}
        rowLabel={(row) => row.full_name}
        rowActions={(row) => (
          <>
            <ButtonLink to={reply(row)} variant="secondary" size="sm" aria-label={`${t('Reply')}: ${row.full_name}`}>
              {t('Reply')}
            </ButtonLink>
            <Button variant="secondary" size="sm" data-note-contact={row.id} aria-label={`${row.note ? t('Edit note') : t('Add note')}: ${row.full_name}`} onClick={() => setNoteOf(row)}>
              {row.note ? t('Edit note') : t('Add note')}
            </Button>
          </>
        )}
        reloadKey={reloadKey}
        defaultSort="-created_at"
      />

      <ContactNoteDialog
        contact={noteOf}
        onClose={() => setNoteOf(null)}
        onSaved={(saved) => {
          setNoteOf(null);
          setNotice({ kind: 'success', text: saved.note ? t('Note saved.') : t('Note removed.') });
          reload();
        }}
        onGone={() => {
          setNoteOf(null);
          setNotice({ kind: 'error', text: t('This contact no longer exists.') });
          reload();
        }}
      />
    </AdminPage>
  );
}
