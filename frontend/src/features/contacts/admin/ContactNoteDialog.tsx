/**
 * The private note on a contact message, in a dialog: the visitor's message read-only above a
 * text area for the note (checked with the server's `contactReview` rules as it is typed), saved
 * with the message's handled state unchanged. Administrators never rewrite what a visitor wrote.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAdminDate } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextArea } from '@/components/ui/TextField';
import { errorText, fieldErrors } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { validateField } from '@/lib/validation';
import { reviewContact, type Contact } from './api';
import styles from './AdminContacts.module.css';

const MAX_NOTE = validationRules.contactReview.note.find((rule) => rule.kind === 'maxLength')?.max ?? 2000;

type Props = {
  /** The message whose note is edited; null: closed. */
  contact: Contact | null;
  onClose: () => void;
  /** After a save: the message as the server now has it. */
  onSaved: (contact: Contact) => void;
  /** The message was deleted meanwhile (404). */
  onGone: () => void;
};

export function ContactNoteDialog({ contact, onClose, onSaved, onGone }: Props) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setNote(contact?.note ?? '');
    setError(undefined);
    setFailure(null);
    // The note is what the dialog is for: the focus goes there (after the dialog's own, to its first button).
    if (contact) document.getElementById(noteId)?.focus();
  }, [contact, noteId]);

  if (!contact) return null;

  const change = (value: string) => {
    setNote(value);
    setError(validateField(validationRules.contactReview, 'note', { note: value }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateField(validationRules.contactReview, 'note', { note });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { data, error: body, response } = await reviewContact(contact.id, { handled: contact.handled, note: note.trim() || null });
      if (response.ok && data) {
        onSaved(data);
        return;
      }
      if (response.status === 404) {
        onGone();
        return;
      }
      const fields = fieldErrors(body);
      if (response.status === 422 && fields.note) setError(fields.note);
      else setFailure(t(errorText(body, i18nKey('Could not save the note. Please try again.'))));
    } catch (problem) {
      console.error('Saving the note failed', problem);
      setFailure(t('Could not save the note. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('Note on the message of {{name}}', { name: contact.full_name })}
      closeOnBackdrop={false}
    >
      <form noValidate onSubmit={(event) => void save(event)}>
        <figure className={styles.visitorMessage}>
          <blockquote>{contact.message}</blockquote>
          <figcaption>{`${contact.full_name}, ${formatAdminDate(contact.created_at, lang)}`}</figcaption>
        </figure>
        <TextArea
          id={noteId}
          label={t('Private note')}
          rows={5}
          value={note}
          onChange={(event) => change(event.target.value)}
          error={error ? t(error) : undefined}
          hint={`${t('Only administrators see it; the visitor’s message stays as it was sent.')} ${t('{{used}} of {{max}} characters', {
            used: digits([...note].length),
            max: digits(MAX_NOTE),
          })}`}
        />
        {failure ? (
          <p className="message-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-buttons">
          <Button type="submit" busy={busy}>
            {t('Save note')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
