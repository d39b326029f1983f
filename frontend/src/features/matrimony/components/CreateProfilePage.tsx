import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
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
import { useForm } from '@/lib/validation';
import { createProfile } from '../api';
import { PROFILE_FIELDS, choiceOptions, isRequired, mobileInput, profileLabels, profileRules, type ProfileField, type ProfileValues } from '../fields';
import { FileField } from './FileField';
import type { LoginState } from './LoginPage';
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

function photoError(file: File | null): string | undefined {
  if (!file) return i18nKey('Please choose an image to upload.');
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
 * /profilecard (docs/SPECIFICATION.md §2, §5, §8): the Create Profile form. Every field is labelled and checked on
 * change with the server's rules; the photo shows before it is sent; the biodata may be a JPG,
 * PNG or PDF; the upload shows its progress. Success says 'Profile Registered Successfully' and
 * goes to /loginUser; a failure shows the server's message (and its messages under the fields)
 * or 'Something went wrong'.
 */
export default function CreateProfilePage() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const navigate = useNavigate();
  const handed = useLocation().state as RegisteredState;
  const title = pageTitle(paths.profileCard, t);
  usePageTitle(title);

  // The free registration's answers fill the same fields here (only the first render's hand-over counts).
  const [initial] = useState(() => {
    const values = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, ''])) as ProfileValues;
    if (handed) Object.assign(values, { profile_for: handed.profile_for, email: handed.email, mobile: handed.mobile });
    return values;
  });
  const form = useForm(profileRules, initial);
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
    setFileErrors((e) => ({ ...e, photo: photoError(file) }));
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
    const files = { photo: photoError(photo), biodata: biodataError(biodata) };
    setFileErrors(files);
    if (!textOk || files.photo || files.biodata || !photo) {
      focusFirstInvalid();
      return;
    }
    setSending(true);
    setProgress(0);
    const result = await createProfile(form.values, { photo, biodata }, setProgress, honeypot.value());
    setSending(false);
    if (result.ok) {
      const state: LoginState = {
        message: result.data.message || i18nKey('Profile Registered Successfully'),
        detail: i18nKey('An administrator will check the profile before it appears among the matches. Log in to see the matches.'),
      };
      navigate(paths.loginUser, { state });
      return;
    }
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

  return (
    <div className={`container page ${shared.page}`}>
      <h1>{title}</h1>
      <p className={shared.intro}>{t('Fill in the details of the bride or groom. Fields marked * are required.')}</p>
      <PrivacyNote />
      <section className={`form-card ${shared.card} ${shared.wide}`} aria-labelledby="create-profile-title">
        <h2 id="create-profile-title" className={shared.cardTitle}>
          {t('Profile details')}
        </h2>
        <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
          <div className={styles.fields}>
            {PROFILE_FIELDS.filter((name) => name !== 'about').map((name) => (
              <div key={name}>{input(name)}</div>
            ))}
          </div>
          <div className={styles.files}>
            <FileField
              name="profile_photo"
              label={t('Photo')}
              hint={t('A clear, recent photo: JPEG, PNG, WebP or GIF.')}
              accept={PHOTO_TYPES.join(',')}
              required
              file={photo}
              error={fileErrors.photo ? t(fileErrors.photo) : undefined}
              disabled={sending}
              onChoose={choosePhoto}
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
              label={t('Biodata / Janmapatrika (optional)')}
              hint={t('JPG, JPEG, PNG or PDF.')}
              accept={BIODATA_ACCEPT}
              file={biodata}
              error={fileErrors.biodata ? t(fileErrors.biodata) : undefined}
              disabled={sending}
              onChoose={chooseBiodata}
            />
          </div>
          {input('about')}
          {sending ? <UploadProgress className={styles.progress} sent={progress} label={t('Upload progress')} /> : null}
          <Honeypot ref={honeypot.ref} />
          <FormAlert ref={failureRef} message={tooMany(refusal) ?? (failure && t(failure))} className={shared.failure} />
          <Button type="submit" busy={sending} className={styles.submit}>
            {t('Create Profile')}
          </Button>
        </form>
      </section>
    </div>
  );
}
