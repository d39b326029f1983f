import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField';
import { UploadProgress } from '@/components/ui/UploadProgress';
import { paths } from '@/config/paths';
import { MOBILE_MAX_LENGTH, i18nKey } from '@/lib/text';
import { useFocusFirstInvalid } from '@/lib/useFocusFirstInvalid';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { useToday } from '@/lib/useToday';
import { useTooMany, type Refusal } from '@/lib/tooMany';
import type { FormOutcome } from '@/lib/api';
import { useForm } from '@/lib/validation';
import { clearMemberToken, createProfile, useMemberToken, type OwnProfile, type ProfileFiles } from '../api';
import { PROFILE_FIELDS, choiceOptions, isRequired, mobileInput, profileLabels, profileRules, type ProfileField, type ProfileValues } from '../fields';
import { FileField } from './FileField';
import { loginAndReturn } from './loginReturn';
import type { MyProfileState } from './MyProfilePage';
import { PrivacyNote } from './PrivacyNote';
import type { RegisteredState } from './RegistrationPage';
import shared from './Matrimony.module.css';
import styles from './CreateProfilePage.module.css';

/** The photo types the server stores (it judges the content; this keeps other files out early). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
/** Biodata / janmapatrika: jpg, jpeg, png or pdf (docs/SPECIFICATION.md §5). */
const BIODATA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const BIODATA_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
const ABOUT_MAX = profileRules.about?.find((rule) => rule.kind === 'maxLength')?.max ?? 1000;
/** The server's message for a date of birth under 18 years, which the field's hint would repeat. */
const AGE_MESSAGE = profileRules.dob?.find((rule) => rule.kind === 'minAge')?.message;

function photoError(file: File | null, required = true): string | undefined {
  if (!file) return required ? i18nKey('Please choose an image to upload.') : undefined;
  if (!PHOTO_TYPES.includes(file.type)) return i18nKey('The file is not a JPEG, PNG, WebP or GIF image.');
  return undefined;
}

function biodataError(file: File | null): string | undefined {
  if (!file) return undefined;
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!BIODATA_TYPES.includes(file.type) && !(file.type === '' && byName)) return i18nKey('The file is not a JPEG, PNG or PDF file.');
  return undefined;
}

/** The latest date of birth of someone who is 18 today in India (the date input's `max`). */
function adultBornBy(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  // 29 February of a leap year: an 18th birthday falls on 28 February in a common year.
  const day = Math.min(d, new Date(Date.UTC(y - 18, m, 0)).getUTCDate());
  return `${String(y - 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The part names the server may put a file's message under. */
const PHOTO_PARTS = ['profile_photo'];
const BIODATA_PARTS = ['biodata', 'janmapatrika'];

/**
 * /profilecard (docs/SPECIFICATION.md §2, §5, §8): the Create Profile form, for a signed-in member only: a
 * profile belongs to an account (the free registration signs the member in). Without a member
 * token the page says so and offers the free registration and the login (which comes back here);
 * the prerendered page is that, since the token is the browser's. Success says 'Profile
 * Registered Successfully' and goes to "My profile", where the new profile waits for the board's
 * review.
 */
export default function CreateProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handed = useLocation().state as RegisteredState;
  const token = useMemberToken();
  const [ended, setEnded] = useState(false);
  const title = pageTitle(paths.profileCard, t);
  usePageTitle(title);

  // The free registration's answers fill the same fields here (only the first render's hand-over counts).
  const [initial] = useState(() => {
    const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, ''])) as ProfileValues;
    if (handed) Object.assign(values, { profile_for: handed.profile_for, email: handed.email, mobile: handed.mobile });
    return values;
  });

  if (!token) return <AccountNeeded title={title} ended={ended} />;

  const send: ProfileSend = (values, files, onProgress, website) => createProfile(token, values, files, onProgress, website);
  return (
    <div className={`container page ${shared.page}`}>
      <h1>{title}</h1>
      <p className={shared.intro}>{t('Fill in the details of the bride or groom. Fields marked * are required.')}</p>
      <PrivacyNote />
      <section className={`form-card ${shared.card} ${shared.wide}`} aria-labelledby="create-profile-title">
        <h2 id="create-profile-title" className={shared.cardTitle}>
          {t('Profile details')}
        </h2>
        <ProfileForm
          initial={initial}
          send={send}
          honeypot
          submitLabel={t('Create Profile')}
          onSaved={(data) => {
            const state: MyProfileState = {
              message: (data as { message?: string }).message || i18nKey('Profile Registered Successfully'),
              detail: i18nKey('The board checks every profile before it is shown to members. You can see its status here, correct it or delete it.'),
            };
            navigate(paths.myProfile, { state });
          }}
          onTokenRefused={() => {
            clearMemberToken();
            setEnded(true);
          }}
        />
      </section>
    </div>
  );
}

/** What /profilecard shows to a visitor who is not signed in: a profile belongs to an account. */
function AccountNeeded({ title, ended }: { title: string; ended: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`container page ${shared.page}`}>
      <h1>{title}</h1>
      {ended ? (
        <p className={`message-error ${shared.failure}`} role="alert">
          {t('Your session has ended. Please log in again.')}
        </p>
      ) : null}
      <section className={`form-card ${shared.card}`} aria-labelledby="account-needed-title">
        <h2 id="account-needed-title" className={shared.cardTitle}>
          {t('A profile belongs to an account')}
        </h2>
        <p>{t('Register for free or log in first: you then create the profile, see whether the board has checked it, and correct or delete it yourself.')}</p>
        <ButtonLink to={paths.matrimonials} variant="primary" className={shared.secondaryAction}>
          {t('Register for Free')}
        </ButtonLink>
        <p className={shared.or}>{t('Already registered?')}</p>
        <ButtonLink to={loginAndReturn(paths.profileCard)} variant="secondary" className={shared.secondaryAction}>
          {t('Login')}
        </ButtonLink>
      </section>
      <PrivacyNote />
    </div>
  );
}

/** Sends a profile form: the text fields, the files, the upload's progress and the honeypot's value. */
export type ProfileSend = (values: ProfileValues, files: ProfileFiles, onProgress: (sent: number) => void, website: string) => Promise<FormOutcome<unknown>>;

type ProfileFormProps = {
  initial: ProfileValues;
  send: ProfileSend;
  submitLabel: string;
  /** The saved profile when correcting one: its photo is kept unless a new one is chosen. */
  stored?: OwnProfile;
  /** The public form's hidden field for bots (Create Profile). */
  honeypot?: boolean;
  onSaved: (data: unknown) => void;
  /** The member token was refused (401/403): the session has ended. */
  onTokenRefused: () => void;
  /** A refusal the page handles itself (e.g. a profile no longer there): true when handled. */
  onRefused?: (status: number) => boolean;
  /** Beside the submit button (e.g. Cancel). */
  extraButtons?: ReactNode;
};

/**
 * The profile's form, shared by Create Profile and the correction of one's own profile under "My
 * profile": every field is labelled and checked on change with the server's rules; the photo
 * shows before it is sent; the biodata may be a JPG, PNG or PDF; the upload shows its progress.
 * A failure shows the server's message (and its messages under the fields) or 'Something went
 * wrong', keeping what was typed and chosen.
 */
export function ProfileForm({ initial, send, submitLabel, stored, honeypot: withHoneypot = false, onSaved, onTokenRefused, onRefused, extraButtons }: ProfileFormProps) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const form = useForm(profileRules, initial);
  const photoRequired = !stored;
  const [photo, setPhoto] = useState<File | null>(null);
  const [biodata, setBiodata] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ photo?: string; biodata?: string }>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  /** The refusal under the form: the server's English message (translated when shown), and a 429's status and wait. */
  const [failure, setFailure] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const today = useToday();
  const bornBy = useMemo(() => adultBornBy(today), [today]);

  // The preview's object URL lives as long as that photo is chosen.
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    setPreviewFailed(false);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    setFileErrors((e) => ({ ...e, photo: photoError(file, photoRequired) }));
  };
  const chooseBiodata = (file: File | null) => {
    setBiodata(file);
    setFileErrors((e) => ({ ...e, biodata: biodataError(file) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setRefusal(null);
    const textOk = form.validate();
    const files = { photo: photoError(photo, photoRequired), biodata: biodataError(biodata) };
    setFileErrors(files);
    if (!textOk || files.photo || files.biodata || (photoRequired && !photo)) {
      focusFirstInvalid();
      return;
    }
    setSending(true);
    setProgress(0);
    const result = await send(form.values, { photo, biodata }, setProgress, withHoneypot ? honeypot.value() : '');
    setSending(false);
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    if (result.status === 401 || result.status === 403) {
      onTokenRefused();
      return;
    }
    if (onRefused?.(result.status)) return;
    const { fields } = result;
    const partMessage = (parts: string[]) => parts.map((part) => fields[part]).find(Boolean);
    form.setServerErrors(Object.fromEntries(Object.entries(fields).filter(([name]) => !PHOTO_PARTS.includes(name) && !BIODATA_PARTS.includes(name))));
    setFileErrors({ photo: partMessage(PHOTO_PARTS), biodata: partMessage(BIODATA_PARTS) });
    // The fields and the chosen files stay for the next try.
    setFailure(result.error || i18nKey('Something went wrong'));
    setRefusal(result);
    focusFirstInvalid(failureRef);
  };

  const error = (name: ProfileField) => (form.errors[name] ? t(form.errors[name]) : undefined);
  const common = (name: ProfileField) => ({ ...form.field(name), error: error(name), label: t(profileLabels[name]), required: isRequired(name), disabled: sending });

  const input = (name: ProfileField) => {
    switch (name) {
      case 'profile_for':
      case 'gender':
        return <SelectField {...common(name)} placeholder={t('Select')} options={choiceOptions(name, t)} />;
      case 'name':
        return <TextField {...common(name)} autoComplete="off" hint={t('The bride’s or groom’s own name.')} />;
      case 'email':
        return <TextField {...common(name)} type="email" autoComplete="email" inputMode="email" />;
      case 'mobile':
        return (
          <TextField
            {...common(name)}
            prefix="+91"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            maxLength={MOBILE_MAX_LENGTH}
            onChange={(event) => form.setValue('mobile', mobileInput(event.target.value))}
          />
        );
      case 'dob':
        // The hint states the age rule; when the field's message is that rule's, the message says it alone.
        return (
          <TextField
            {...common(name)}
            type="date"
            max={bornBy}
            hint={form.errors.dob === AGE_MESSAGE ? undefined : t('The bride or groom must be at least 18 years old.')}
          />
        );
      case 'height':
        return <TextField {...common(name)} hint={t('For example 5\'6" or 168 cm.')} />;
      case 'about':
        return (
          <TextArea
            {...common(name)}
            rows={4}
            hint={t('{{used}} of {{max}} characters', { used: digits([...form.values.about].length), max: digits(ABOUT_MAX) })}
          />
        );
      default:
        return <TextField {...common(name)} />;
    }
  };

  const storedPhoto = stored ? (stored.photo_thumb ?? stored.photo) : null;
  return (
    <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className={styles.fields}>
        {PROFILE_FIELDS.filter((name) => name !== 'about').map((name) => (
          <div key={name}>{input(name)}</div>
        ))}
      </div>
      <div className={styles.files}>
        <FileField
          name="profile_photo"
          label={stored ? t('New photo (optional)') : t('Photo')}
          hint={stored ? t('Choose a photo only to replace the one shown now: JPEG, PNG, WebP or GIF.') : t('A clear, recent photo: JPEG, PNG, WebP or GIF.')}
          accept={PHOTO_TYPES.join(',')}
          required={photoRequired}
          file={photo}
          error={fileErrors.photo ? t(fileErrors.photo) : undefined}
          disabled={sending}
          onChoose={choosePhoto}
          current={
            storedPhoto && !photo ? (
              <img className={styles.preview} src={storedPhoto.url} alt={t('The photo shown now')} width={160} height={200} />
            ) : null
          }
        >
          {preview && !fileErrors.photo ? (
            previewFailed ? (
              <p className={styles.hint}>{t('This photo cannot be shown here. Please choose a JPEG, PNG, WebP or GIF image.')}</p>
            ) : (
              <img className={styles.preview} src={preview} alt={t('Preview of the chosen photo')} onError={() => setPreviewFailed(true)} />
            )
          ) : null}
        </FileField>
        <FileField
          name="biodata"
          label={stored ? t('New biodata / janmapatrika (optional)') : t('Biodata / Janmapatrika (optional)')}
          hint={stored ? t('Choose a file only to replace the stored one: JPG, JPEG, PNG or PDF.') : t('JPG, JPEG, PNG or PDF.')}
          accept={BIODATA_ACCEPT}
          file={biodata}
          error={fileErrors.biodata ? t(fileErrors.biodata) : undefined}
          disabled={sending}
          onChoose={chooseBiodata}
          current={
            stored?.biodata && !biodata ? (
              <a href={stored.biodata.url} target="_blank" rel="noopener noreferrer">
                {t('View the stored biodata')}
              </a>
            ) : null
          }
        />
      </div>
      {input('about')}
      {sending ? <UploadProgress className={styles.progress} sent={progress} label={t('Upload progress')} /> : null}
      {withHoneypot ? <Honeypot ref={honeypot.ref} /> : null}
      <FormAlert ref={failureRef} message={tooMany(refusal) ?? (failure && t(failure))} className={shared.failure} />
      <div className={styles.buttons}>
        <Button type="submit" busy={sending} className={styles.submit}>
          {submitLabel}
        </Button>
        {extraButtons}
      </div>
    </form>
  );
}
