import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { PasswordField } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@/config/paths';
import { MATRIMONIAL_TERMS_ID } from '@/config/privacyTerms';
import { useSubmit } from '@/lib/useSubmit';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { useHydrated } from '@/lib/useHydrated';
import { useForm } from '@/lib/validation';
import { loginMember, setMemberToken, useMemberToken } from '../api';
import { loginRules } from '../fields';
import { afterLogin, loginAndReturn } from './loginReturn';
import { PrivacyNote } from './PrivacyNote';
import { useHandedState } from './useHandedState';
import styles from './Matrimony.module.css';

/** What other pages hand to /loginUser: a message to show (an i18n key), e.g. after Create Profile. */
export type LoginState = { message?: string; detail?: string } | null;
/** What the login hands to /matches: the server's message. */
export type SignedInState = { message?: string } | null;

const LOGIN_FIELDS = ['emailOrMobile', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

/**
 * /loginUser (docs/SPECIFICATION.md §2, §8): e-mail or mobile and the password of the free registration. Empty
 * fields say 'Please fill in all fields' (once, under the first empty one); success keeps the
 * member token and goes to /matches with the server's message (or back to the member page that
 * sent the member here, `?next=`); a failure shows the server's message or 'Login failed'.
 * "Forgot password?" leads to the reset by e-mail. "Create another profile" opens Create Profile
 * for a signed-in member; anyone else logs in first (a profile belongs to an account) and comes
 * back to it.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handed = useHandedState<LoginState>();
  const [search] = useSearchParams();
  const next = afterLogin(search);
  const signedIn = useMemberToken() !== null;
  // The prerendered page is the same for every query: what `?next=` says waits for the code.
  const hydrated = useHydrated();
  const title = pageTitle(paths.loginUser, t);
  usePageTitle(title);
  const form = useForm(loginRules, { emailOrMobile: '', password: '' });
  // 'Please fill in all fields' concerns the form: a message another field already shows above
  // is not repeated; the field is still marked invalid.
  const error = (name: LoginField) => {
    const message = form.errors[name];
    const first = LOGIN_FIELDS.find((field) => form.errors[field] === message);
    return message && first === name ? t(message) : undefined;
  };
  const invalid = (name: LoginField) => (form.errors[name] ? true : undefined);

  const { busy, failure, formRef, failureRef, submit } = useSubmit(form.validate, async () => {
    const result = await loginMember({ emailOrMobile: form.values.emailOrMobile.trim(), password: form.values.password });
    if (result.ok && result.data.token) {
      setMemberToken(result.data.token);
      const state: SignedInState = { message: result.data.message };
      navigate(next, { replace: true, state });
      return;
    }
    if (!result.ok) form.setServerErrors(result.fields);
    return t((!result.ok && result.error) || 'Login failed');
  });

  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      {handed?.message ? (
        <div className={styles.success} role="status">
          <p className={styles.strong}>{t(handed.message)}</p>
          {handed.detail ? <p>{t(handed.detail)}</p> : null}
        </div>
      ) : null}
      {hydrated && next === paths.profileCard ? (
        <p className={styles.note} role="note">
          {t('Log in first: the new profile will belong to your account.')}
        </p>
      ) : null}
      <section className={`form-card ${styles.card}`} aria-labelledby="matrimony-login-title">
        <h2 id="matrimony-login-title" className={styles.cardTitle}>
          {t('Log in to see the matches')}
        </h2>
        <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('Email or mobile number')}
            autoComplete="username"
            required
            {...form.field('emailOrMobile')}
            error={error('emailOrMobile')}
            aria-invalid={invalid('emailOrMobile')}
          />
          <PasswordField
            autoComplete="current-password"
            hint={t('Use the password you chose at the free registration.')}
            required
            {...form.field('password')}
            error={error('password')}
            aria-invalid={invalid('password')}
          />
          <FormAlert ref={failureRef} message={failure} className={styles.failure} />
          <Button type="submit" busy={busy} className="full-width">
            {busy ? t('Signing in...') : t('Login')}
          </Button>
        </form>
        <p className={styles.forgot}>
          <Link to={paths.forgotPassword}>{t('Forgot password?')}</Link>
        </p>
        <p className={styles.or}>{t('Not registered yet?')}</p>
        <ButtonLink to={paths.matrimonials} variant="secondary" className={styles.secondaryAction}>
          {t('Register for Free')}
        </ButtonLink>
        <p className={styles.or}>{t('Registering another bride or groom?')}</p>
        <ButtonLink to={signedIn ? paths.profileCard : loginAndReturn(paths.profileCard)} variant="secondary" className={styles.secondaryAction}>
          {t('Create another profile')}
        </ButtonLink>
        <p className={styles.terms}>
          {t('By logging in you accept the terms of use of the matrimonial section and the privacy policy.')}
        </p>
        <ul className={styles.links}>
          <li>
            <Link to={`${paths.privacyPolicy}#${MATRIMONIAL_TERMS_ID}`}>{t('Terms of use')}</Link>
          </li>
          <li>
            <Link to={paths.privacyPolicy}>{t('Privacy Policy')}</Link>
          </li>
        </ul>
      </section>
      <PrivacyNote />
    </div>
  );
}
