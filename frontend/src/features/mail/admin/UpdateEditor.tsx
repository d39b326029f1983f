/**
 * The update's editor: the subject and the message in English and in Marathi, side by side
 * (one language under the other on a phone), each checked as it is typed with the server's
 * rules (updateRules.ts); "Preview" shows the server's messages, "Send a test to me" sends both
 * to the administrator's own address, and "Send to all confirmed subscribers" asks first, saying
 * how many will receive it. A refusal's messages go under their fields, the first of them
 * focused. Text not yet sent is kept from an accidental close of the tab.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { TextArea, TextField } from '@/components/ui/TextField';
import type { FormRefusal } from '@/lib/api';
import { i18nKey } from '@/lib/text';
import { useFocusFirstInvalid } from '@/lib/useFocusFirstInvalid';
import { useLanguage } from '@/lib/useLanguage';
import { useLeaveWarning } from '@/lib/useLeaveWarning';
import { useForm } from '@/lib/validation';
import { countConfirmedSubscribers, previewUpdate, sendTestUpdate, sendUpdate, type Update, type UpdateInput, type UpdatePreview } from './api';
import { BODY_MAX, emptyUpdate, SUBJECT_MAX, updateRules, type UpdateField, type UpdateValues } from './updateRules';
import { UpdatePreviewPanel } from './UpdatePreviewPanel';
import styles from './AdminUpdates.module.css';

const NOT_CONFIGURED = i18nKey('Mail is not configured');
const failures = {
  preview: i18nKey('The preview could not be prepared. Please try again.'),
  test: i18nKey('The test could not be sent. Please try again.'),
  send: i18nKey('The update could not be sent. Please try again.'),
} as const;

type Action = keyof typeof failures;

const languages = [
  { lang: 'en', subject: 'subject.en', body: 'body.en' },
  { lang: 'mr', subject: 'subject.mr', body: 'body.mr' },
] as const satisfies ReadonlyArray<{ lang: string; subject: UpdateField; body: UpdateField }>;

function asInput(values: UpdateValues): UpdateInput {
  return { subject: { en: values['subject.en'], mr: values['subject.mr'] }, body: { en: values['body.en'], mr: values['body.mr'] } };
}

type Props = {
  /** Whether mail is set up (null: not known yet); without it, nothing can be sent. */
  configured: boolean | null;
  /** An update was accepted for sending. */
  onSent: (update: Update) => void;
};

export function UpdateEditor({ configured, onSent }: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const form = useForm<UpdateValues>(updateRules, emptyUpdate);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [busy, setBusy] = useState<Action | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [preview, setPreview] = useState<{ of: UpdateValues; mail: UpdatePreview } | null>(null);
  /** The send question is open, with the number of confirmed subscribers (null: not known). */
  const [asking, setAsking] = useState<{ count: number | null } | null>(null);

  const dirty = Object.values(form.values).some((value) => value.trim() !== '');
  useLeaveWarning(dirty);

  /** Checks every field; on a problem the first field in error takes the focus. */
  const check = () => {
    setNotice(null);
    if (form.validate()) return true;
    focusFirstInvalid();
    return false;
  };

  /** A refusal: a 422's messages under their fields, else the page's message. */
  const refused = (action: Action, outcome: FormRefusal) => {
    if (outcome.status === 422 && Object.keys(outcome.fields).length > 0) {
      form.setServerErrors(outcome.fields);
      focusFirstInvalid();
      return;
    }
    setNotice({ kind: 'error', text: t(outcome.status === 409 ? outcome.error || NOT_CONFIGURED : failures[action]) });
  };

  const runPreview = async () => {
    if (!check()) return;
    setBusy('preview');
    const values = form.values;
    const outcome = await previewUpdate(asInput(values));
    setBusy(null);
    if (outcome.ok) setPreview({ of: values, mail: outcome.data });
    else refused('preview', outcome);
  };

  const runTest = async () => {
    if (!check()) return;
    setBusy('test');
    const outcome = await sendTestUpdate(asInput(form.values));
    setBusy(null);
    if (outcome.ok) setNotice({ kind: 'success', text: t('Sent to {{to}}: the message in English and in Marathi.', { to: outcome.data.to }) });
    else refused('test', outcome);
  };

  const askSend = async () => {
    if (!check()) return;
    setBusy('send');
    const count = await countConfirmedSubscribers();
    setBusy(null);
    setAsking({ count });
  };

  const send = async () => {
    setBusy('send');
    const outcome = await sendUpdate(asInput(form.values));
    setBusy(null);
    setAsking(null);
    if (outcome.ok) {
      form.reset();
      setPreview(null);
      const recipients = outcome.data.recipients;
      setNotice({
        kind: 'success',
        text: recipients === 0
          ? t('The update is kept in the list below; no subscriber had confirmed, so nobody was sent it.')
          : t('The update is being sent to {{number}} subscribers.', { count: recipients, number: digits(recipients) }),
      });
      onSent(outcome.data);
    } else {
      refused('send', outcome);
    }
  };

  const question = () => {
    const count = asking?.count ?? null;
    if (count === null) return t('Send this update to all confirmed subscribers? It cannot be taken back.');
    if (count === 0) return t('No subscriber has confirmed yet, so nobody will receive this update. Send it all the same?');
    return t('Send this update to all confirmed subscribers? {{count}} will receive it. It cannot be taken back.', { count: digits(count) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void runPreview();
  };

  const counter = (field: UpdateField, max: number) => t('{{used}} of {{max}} characters', { used: digits([...form.values[field]].length), max: digits(max) });
  const error = (field: UpdateField) => (form.errors[field] ? t(form.errors[field]) : undefined);
  const cannotSend = configured === false || busy !== null;

  return (
    <>
      <section aria-labelledby="update-editor-title" className={`form-card form-card-outlined ${styles.card}`}>
        <h2 id="update-editor-title" className={styles.cardTitle}>
          {t('Write an update')}
        </h2>
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <div className="field-room">
            <div className="field-grid">
              {languages.map(({ lang, subject, body }) => {
                const label = (text: string) => (lang === 'en' ? t('{{label}} (English)', { label: text }) : t('{{label}} (Marathi)', { label: text }));
                return (
                  <fieldset key={lang} className={styles.language}>
                    <legend className={styles.legend}>{lang === 'en' ? t('In English') : t('In Marathi')}</legend>
                    <TextField
                      id={`update-${subject}`}
                      lang={lang}
                      label={label(t('Subject'))}
                      autoComplete="off"
                      required
                      {...form.field(subject)}
                      error={error(subject)}
                      hint={counter(subject, SUBJECT_MAX)}
                    />
                    <TextArea
                      id={`update-${body}`}
                      lang={lang}
                      label={label(t('Message'))}
                      rows={10}
                      required
                      {...form.field(body)}
                      error={error(body)}
                      hint={counter(body, BODY_MAX)}
                    />
                  </fieldset>
                );
              })}
            </div>
          </div>
          <div className={styles.buttons}>
            <Button type="submit" variant="secondary" busy={busy === 'preview'} disabled={busy !== null}>
              {t('Preview')}
            </Button>
            <Button variant="secondary" busy={busy === 'test'} disabled={cannotSend} onClick={() => void runTest()}>
              {t('Send a test to me')}
            </Button>
            <Button busy={busy === 'send'} disabled={cannotSend} onClick={() => void askSend()}>
              {t('Send to all confirmed subscribers')}
            </Button>
          </div>
        </form>
        <AdminNotice notice={notice} />
      </section>

      {preview ? <UpdatePreviewPanel preview={preview.mail} stale={JSON.stringify(preview.of) !== JSON.stringify(form.values)} /> : null}

      <ConfirmDialog
        open={asking !== null}
        message={question()}
        details={[form.values['subject.en'], form.values['subject.mr']]}
        confirmLabel={t('Send')}
        busy={busy === 'send'}
        onConfirm={() => void send()}
        onCancel={() => {
          if (busy === null) setAsking(null);
        }}
      />
    </>
  );
}
