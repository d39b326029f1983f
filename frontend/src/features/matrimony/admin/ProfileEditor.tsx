/**
 * The administrator's Edit of a matrimonial profile, in a modal (docs/SPECIFICATION.md §4 "Profile edit": opened
 * by Edit, closed by Cancel or a successful Save): every text field, checked on change with the
 * server's rule table `matrimonyProfile`; an optional new photo (previewed before sending) and an
 * optional new janmapatrika (JPEG, PNG or PDF); sent as one multipart PUT with its progress. The
 * server's per-field messages land under the fields, and the first invalid field gets the focus.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField';
import { UploadProgress } from '@/components/ui/UploadProgress';
import { errorText, fieldErrors } from '@/lib/api';
import { i18nKey, latinDigits } from '@/lib/text';
import { useFocusFirstInvalid } from '@/lib/useFocusFirstInvalid';
import type { UploadRefusal } from '@/lib/upload';
import { todayInIndia, useForm } from '@/lib/validation';
import { saveProfile, valuesOf, type AdminProfile, type ProfileFiles } from './api';
import { PROFILE_FIELDS, choiceOptions, isRequired, profileLabels, profileRules, type ProfileField } from '../fields';
import styles from './ProfileEditor.module.css';

type Props = {
  profile: AdminProfile;
  onSaved: (profile: AdminProfile) => void;
  onCancel: () => void;
  /** The profile no longer exists (another administrator deleted it). */
  onMissing: () => void;
  /** Given to owners: opens "Reset the member's password" for the profile's account. */
  onResetPassword?: () => void;
  /** Kept (with what was typed) but not shown, while another dialog is open over it. */
  hidden?: boolean;
};

/** Types the browser may preview; the server judges the content of what is sent. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const BIODATA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const BIODATA_NAME = /\.(jpe?g|png|pdf)$/i;

/** The file parts of the edit and the server's names for their messages. */
type FilePart = 'photo' | 'janmapatrika';
const serverPartNames: Record<string, FilePart> = { profile_photo: 'photo', janmapatrika: 'janmapatrika', biodata: 'janmapatrika' };

/** Fields whose digits are kept as Latin digits (a Marathi keyboard types Devanagari ones). */
const DIGIT_FIELDS = new Set<ProfileField>(['mobile', 'dob']);

/** The English message (an i18n key) of a failed save that has no per-field messages. */
function failureKey(outcome: UploadRefusal): string {
  if (outcome.status === 0) return i18nKey('The upload did not reach the server. Please check your connection and try again.');
  const fallback =
    outcome.status === 413
      ? i18nKey('This file is too large to upload.')
      : outcome.status === 415
        ? i18nKey('Unsupported media type')
        : i18nKey('Server error');
  return errorText(outcome.error, fallback);
}

export function ProfileEditor({ profile, onSaved, onCancel, onMissing, onResetPassword, hidden = false }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const progressId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(profileRules, valuesOf(profile));
  const [files, setFiles] = useState<ProfileFiles>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<FilePart, string>>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState('');
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const today = todayInIndia();

  const choose = (part: FilePart, file: File | undefined) => {
    setFiles((current) => ({ ...current, [part]: file }));
    setFileErrors((current) => {
      const next = { ...current };
      delete next[part];
      if (!file) return next;
      if (part === 'photo' && !file.type.startsWith('image/')) next.photo = i18nKey('The file is not a JPEG, PNG, WebP or GIF image.');
      if (part === 'janmapatrika' && !BIODATA_TYPES.includes(file.type) && !BIODATA_NAME.test(file.name)) {
        next.janmapatrika = i18nKey('The file is not a JPEG, PNG or PDF file.');
      }
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const textValid = form.validate();
    if (!textValid || Object.keys(fileErrors).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setProgress(0);
    const trimmed = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, form.values[field].trim()])) as typeof form.values;
    const outcome = await saveProfile(profile.id, trimmed, files, setProgress);
    setBusy(false);
    if (outcome.ok) {
      onSaved(outcome.data);
      return;
    }
    if (outcome.status === 404) {
      onMissing();
      return;
    }
    const fields = fieldErrors(outcome.error);
    const textErrors: Record<string, string> = {};
    const partErrors: Partial<Record<FilePart, string>> = {};
    for (const [name, message] of Object.entries(fields)) {
      if (serverPartNames[name]) partErrors[serverPartNames[name]] = message;
      else textErrors[name] = message;
    }
    form.setServerErrors(textErrors);
    setFileErrors((current) => ({ ...current, ...partErrors }));
    if (Object.keys(fields).length > 0) focusFirstInvalid();
    setFailure(t('Error updating profile: {{message}}', { message: t(failureKey(outcome)) }));
  };

  const input = (field: ProfileField) => {
    const common = {
      id: `${formId}-${field}`,
      name: field,
      label: t(profileLabels[field]),
      value: form.values[field],
      error: form.errors[field] ? t(form.errors[field]) : undefined,
      required: isRequired(field),
      disabled: busy,
    };
    const change = (value: string) => form.setValue(field, DIGIT_FIELDS.has(field) ? latinDigits(value) : value);
    switch (field) {
      case 'profile_for':
      case 'gender':
        return (
          <SelectField
            key={field}
            {...common}
            placeholder={t('Select')}
            options={choiceOptions(field, t)}
            onChange={(event) => change(event.target.value)}
          />
        );
      case 'dob':
        return <TextField key={field} {...common} type="date" max={today} onChange={(event) => change(event.target.value)} />;
      case 'email':
        return <TextField key={field} {...common} type="email" autoComplete="off" onChange={(event) => change(event.target.value)} />;
      case 'mobile':
        return (
          <TextField
            key={field}
            {...common}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint={t('10 digits; a leading 0 or +91 is fine.')}
            onChange={(event) => change(event.target.value)}
          />
        );
      case 'about':
        return (
          <TextArea key={field} {...common} className="field-wide" rows={4} onChange={(event) => change(event.target.value)} />
        );
      default:
        return <TextField key={field} {...common} autoComplete="off" onChange={(event) => change(event.target.value)} />;
    }
  };

  const stored = profile.photo_thumb ?? profile.photo;
  const sending = busy && Boolean(files.photo || files.janmapatrika);

  return (
    <Dialog
      open={!hidden}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={t('Edit profile: {{name}}', { name: profile.name })}
      variant="wide"
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-describedby={sending ? progressId : undefined}>
        <div className="field-room">
          <div className="field-grid three-columns-from-46">{PROFILE_FIELDS.map(input)}</div>
        </div>
        <fieldset className={styles.files} disabled={busy}>
          <legend className={styles.legend}>{t('Photo and janmapatrika')}</legend>
          <p className={styles.hint}>{t('Choose a file only to replace the stored one.')}</p>
          <FileChoice
            id={`${formId}-photo`}
            label={t('New photo (optional)')}
            accept={PHOTO_TYPES.join(',')}
            file={files.photo}
            error={fileErrors.photo ? t(fileErrors.photo) : undefined}
            onChoose={(file) => choose('photo', file)}
            keepLabel={t('Keep the stored photo')}
            current={
              stored ? (
                <img src={stored.url} alt={t('Stored photo of {{name}}', { name: profile.name })} className={styles.preview} width={96} />
              ) : (
                <span className={styles.muted}>{t('No Photo')}</span>
              )
            }
          />
          <FileChoice
            id={`${formId}-janmapatrika`}
            label={t('New janmapatrika (optional)')}
            hint={t('JPEG, PNG or PDF.')}
            accept={['.jpg', '.jpeg', '.png', '.pdf', ...BIODATA_TYPES].join(',')}
            file={files.janmapatrika}
            error={fileErrors.janmapatrika ? t(fileErrors.janmapatrika) : undefined}
            onChoose={(file) => choose('janmapatrika', file)}
            keepLabel={t('Keep the stored janmapatrika')}
            current={
              profile.biodata ? (
                <a href={profile.biodata.url} target="_blank" rel="noopener noreferrer">
                  {t('View BioData')}
                </a>
              ) : (
                <span className={styles.muted}>{t('No janmapatrika stored')}</span>
              )
            }
          />
        </fieldset>
        <section className={styles.account} aria-labelledby={`${formId}-account`}>
          <h3 id={`${formId}-account`} className={styles.legend}>
            {t('Member account')}
          </h3>
          {profile.account_id != null ? (
            <>
              <p className={styles.hint}>{t('Profile no. {{id}} belongs to member account no. {{account}}.', { id: profile.id, account: profile.account_id })}</p>
              {onResetPassword ? (
                <Button variant="secondary" size="sm" onClick={onResetPassword} disabled={busy}>
                  {t('Reset the member’s password')}
                </Button>
              ) : null}
            </>
          ) : (
            <p className={styles.hint}>{t('This profile was registered before profiles belonged to member accounts.')}</p>
          )}
        </section>
        {sending ? <UploadProgress id={progressId} className={styles.progress} sent={progress} label={t('Upload progress')} /> : null}
        {failure ? (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

type FileChoiceProps = {
  id: string;
  label: string;
  hint?: string;
  accept: string;
  /** What is stored now: the photo, or a link to the janmapatrika. */
  current: ReactNode;
  file: File | undefined;
  error?: string;
  keepLabel: string;
  onChoose: (file: File | undefined) => void;
};

/** One optional replacement file: what is stored, the chooser, and a preview of the chosen file. */
function FileChoice({ id, label, hint, accept, current, file, error, keepLabel, onChoose }: FileChoiceProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  // An image chosen is shown before it is sent; its object URL is released when it changes.
  useEffect(() => {
    setPreviewFailed(false);
    if (!file || !file.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.fileChoice}>
      <div className={styles.current}>
        <span className={styles.currentLabel}>{t('Stored now')}</span>
        {current}
      </div>
      <div className={styles.chooser}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {/* The browser's own chooser speaks the browser's language; this button speaks the page's. */}
        <div className={styles.chooseRow}>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={accept}
            className="visually-hidden file-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChoose(event.target.files?.[0])}
          />
          <label htmlFor={id} className={`choose-button ${styles.chooseButton}`}>
            {t('Choose a file')}
          </label>
          {file ? null : <span className={styles.muted}>{t('No file chosen')}</span>}
        </div>
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {file ? (
          <div className={styles.chosen}>
            {preview && !previewFailed ? (
              <img src={preview} alt={t('Preview of {{name}}', { name: file.name })} className={styles.preview} width={96} onError={() => setPreviewFailed(true)} />
            ) : null}
            <span className={styles.fileName}>{file.name}</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                if (inputRef.current) inputRef.current.value = '';
                onChoose(undefined);
              }}
            >
              {keepLabel}
            </Button>
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
