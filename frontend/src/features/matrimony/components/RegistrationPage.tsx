import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { PasswordField } from '@/components/ui/PasswordField';
import { SelectField, TextField } from '@/components/ui/TextField';
import { paths } from '@/config/paths';
import { MOBILE_MAX_LENGTH } from '@/lib/text';
import { useSubmit } from '@/lib/useSubmit';
import { useTooMany } from '@/lib/tooMany';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { useForm } from '@/lib/validation';
import { registerMember, setMemberToken } from '../api';
import { PROFILE_FOR, labelOf, mobileInput, profileForLabels, registrationRules } from '../fields';
import { PrivacyNote } from './PrivacyNote';
import styles from './Matrimony.module.css';

/** What the registration hands to /profilecard, so the family does not type it twice. */
export type RegisteredState = { profile_for: string; email: string; mobile: string } | null;

const empty = { profile_for: '', email: '', mobile: '', password: '' };

/**
 * /matrimonials (docs/SPECIFICATION.md §2): the free registration of the matchmaking board — whom the profile is
 * for, e-mail, mobile (+91 shown), password — with the way to the member login and the privacy
 * policy. 409 says 'User already exists!', any other failure 'Registration failed. Try again.';
 * success signs the member in (the answer's token is kept as a login's is) and continues to
 * Create Profile, whose profile then belongs to this account.
 */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = pageTitle(paths.matrimonials, t);
  usePageTitle(title);
  const form = useForm(registrationRules, empty);
  const error = (name: string) => (form.errors[name] ? t(form.errors[name]) : undefined);
  const honeypot = useHoneypot();
  const tooMany = useTooMany();

  const { busy, failure, formRef, failureRef, submit } = useSubmit(form.validate, async () => {
    const values = { ...form.values, email: form.values.email.trim(), mobile: form.values.mobile.trim() };
    const result = await registerMember(values, honeypot.value());
    if (result.ok) {
      if (result.data.token) setMemberToken(result.data.token);
      const handed: RegisteredState = { profile_for: values.profile_for, email: values.email, mobile: values.mobile };
      navigate(paths.profileCard, { state: handed });
      return;
    }
    // What was typed stays for the next try.
    form.setServerErrors(result.fields);
    return tooMany(result) ?? (result.status === 409 ? t('User already exists!') : t('Registration failed. Try again.'));
  });

  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      <p className={styles.intro}>{t('Register free of charge with the Vadhu Var Mandal, then create the profile of the bride or groom.')}</p>
      <section className={`form-card ${styles.card}`} aria-labelledby="matrimony-register-title">
        <h2 id="matrimony-register-title" className={styles.cardTitle}>
          {t('Free registration')}
        </h2>
        <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            label={t('Profile for')}
            required
            placeholder={t('Select')}
            options={PROFILE_FOR.map((value) => ({ value, label: t(labelOf(profileForLabels, value)) }))}
            {...form.field('profile_for')}
            error={error('profile_for')}
          />
          <TextField label={t('Email')} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} error={error('email')} />
          <TextField
            label={t('Mobile number')}
            prefix="+91"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            maxLength={MOBILE_MAX_LENGTH}
            required
            {...form.field('mobile')}
            onChange={(event) => form.setValue('mobile', mobileInput(event.target.value))}
            error={error('mobile')}
          />
          <PasswordField
            autoComplete="new-password"
            hint={t('At least 6 characters. You will use it to log in and see the matches.')}
            required
            {...form.field('password')}
            error={error('password')}
          />
          <Honeypot ref={honeypot.ref} />
          <FormAlert ref={failureRef} message={failure} className={styles.failure} />
          <Button type="submit" busy={busy} className="full-width">
            {t('Register for Free')}
          </Button>
        </form>
        <p className={styles.or}>{t('Already registered?')}</p>
        <ButtonLink to={paths.loginUser} variant="secondary" className={styles.secondaryAction}>
          {t('Login')}
        </ButtonLink>
        <ul className={styles.links}>
          <li>
            <Link to={paths.privacyPolicy}>{t('Privacy Policy')}</Link>
          </li>
        </ul>
      </section>
      <PrivacyNote />
    </div>
  );
}
