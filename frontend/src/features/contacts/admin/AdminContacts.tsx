/**
 * Administrator page for the contact messages (docs/SPECIFICATION.md §2): search, delete with a confirmation,
 * Excel and PDF export, and Edit, which replaces the table with an edit form (checked with
 * the shared `contact` rules) until Update or Cancel. The table stays mounted while hidden, so
 * the search and the page are where the administrator left them.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { TextArea, TextField } from '@/components/ui/TextField';
import { errorText, fieldErrors, type Schemas } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useForm, type FormRules } from '@/lib/validation';
import { deleteContact, loadContacts, updateContact } from './api';
import styles from './AdminContacts.module.css';

type Contact = Schemas['Contact'];

const rules: FormRules = {
  full_name: [...validationRules.contact.full_name],
  email: [...validationRules.contact.email],
  message: [...validationRules.contact.message],
};

const empty = { full_name: '', email: '', message: '' };

export default function AdminContacts() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const form = useForm(rules, empty);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const lastEdited = useRef<number | null>(null);

  const startEdit = (row: Contact) => {
    setNotice(null);
    lastEdited.current = row.id;
    setEditing(row);
    form.setValues({ full_name: row.full_name, email: row.email, message: row.message });
    requestAnimationFrame(() => formHeading.current?.focus());
  };

  /** Back to the table, with the focus on the row's Edit button when it is still there. */
  const leaveEdit = () => {
    setEditing(null);
    form.reset();
    requestAnimationFrame(() => {
      const button = document.querySelector<HTMLElement>(`[data-edit-contact="${lastEdited.current}"]`);
      button?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !form.validate()) return;
    setBusy(true);
    setNotice(null);
    try {
      const body = {
        full_name: form.values.full_name.trim(),
        email: form.values.email.trim(),
        message: form.values.message.trim(),
      };
      const { error, response } = await updateContact(editing.id, body);
      if (response.ok) {
        setNotice({ kind: 'success', text: t('Contact updated.') });
        setReloadKey((key) => key + 1);
        leaveEdit();
        return;
      }
      const fields = fieldErrors(error);
      if (response.status === 422 && Object.keys(fields).length > 0) {
        form.setServerErrors(fields);
      } else if (response.status === 404) {
        setNotice({ kind: 'error', text: t('This contact no longer exists.') });
        setReloadKey((key) => key + 1);
        leaveEdit();
      } else {
        setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not update the contact. Please try again.'))) });
      }
    } catch (error) {
      console.error('Updating the contact failed', error);
      setNotice({ kind: 'error', text: t('Could not update the contact. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const columns: Array<AdminColumn<Contact>> = [
    { key: 'full_name', header: t('Full name'), cell: (row) => row.full_name, sortable: true },
    { key: 'email', header: t('Email'), cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a>, sortable: true },
    { key: 'message', header: t('Message'), cell: (row) => row.message, wide: true },
    { key: 'created_at', header: t('Date'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
  ];

  const err = (name: keyof typeof empty) => (form.errors[name] ? t(form.errors[name]) : undefined);

  return (
    <AdminPage title={t('Contacts')} intro={t('Messages sent through the contact page.')}>
      <AdminNotice notice={notice} />

      {editing ? (
        <section className={`form-card form-card-outlined form-card-stripe-focus ${styles.editor}`} aria-labelledby="contact-edit-title">
          <h2 id="contact-edit-title" ref={formHeading} tabIndex={-1} className={styles.editorTitle}>
            {t('Edit contact')}
          </h2>
          <form noValidate onSubmit={(event) => void submit(event)}>
            <TextField label={t('Full name')} required autoComplete="off" {...form.field('full_name')} error={err('full_name')} />
            <TextField label={t('Email')} type="email" required autoComplete="off" {...form.field('email')} error={err('email')} />
            <TextArea label={t('Message')} required rows={6} {...form.field('message')} error={err('message')} />
            <div className="form-buttons">
              <Button type="submit" busy={busy}>
                {t('Update')}
              </Button>
              <Button variant="secondary" onClick={leaveEdit} disabled={busy}>
                {t('Cancel')}
              </Button>
            </div>
          </form>
        </section>
      ) : null}

      <div hidden={editing !== null}>
        <AdminTable
          label={t('Contacts')}
          columns={columns}
          load={loadContacts}
          onDelete={(row) => deleteContact(row.id)}
          deleteConfirmation={t('Are you sure you want to delete this contact?')}
          describe={(row) => [row.full_name, row.email, formatAdminDate(row.created_at, lang)]}
          exports={{ excel: '/api/contacts/export/excel', pdf: '/api/contacts/export/pdf' }}
          emptyMessage={t('No data available')}
          rowLabel={(row) => row.full_name}
          rowActions={(row) => (
            <Button
              variant="secondary"
              size="sm"
              data-edit-contact={row.id}
              aria-label={`${t('Edit')}: ${row.full_name}`}
              onClick={() => startEdit(row)}
            >
              {t('Edit')}
            </Button>
          )}
          reloadKey={reloadKey}
          defaultSort="-created_at"
        />
      </div>
    </AdminPage>
  );
}
