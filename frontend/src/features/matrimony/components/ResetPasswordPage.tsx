import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { ShowPassword } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@/config/paths';
import { i18nKey } from '@/lib/text';
import { useSubmit } from '@/lib/useSubmit';
import { useTooMany } from '@/lib/tooMany';
import { usePageTitle } from '@/lib/usePageTitle';
import { useForm } from '@/lib/validation';
import { setNewPassword } from '../api';
import { newPasswordRules } from '../fields';
import type { LoginState } from './LoginPage';
import styles from './Matrimony.module.css';

/** The server's answer to a link that has expired or was used. */
const LINK_BAD = i18nKey('This link has expired or has already been used. Please ask for a new one.');
const PASSWORD_SET = i18nKey('Password changed. You can log in now.');
const PASSWORDS_DIFFER = i18nKey('Passwords do not match');
const CONFIRM_REQUIRED = i18nKey('Password is required');

/**
 * /resetPassword?token=…: the page of the e-mailed link. A new password (the member password's
 * rules) and its confirmation; success goes to the member login with 'Password changed. You can
 * log in now.'. A link that has expired or was used (400) says so and offers to ask for a new one.
 * The token is taken out of the address at once, so it stays neither in the history nor in a
 * shared address.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const title = t('Set a new password');
  usePageTitle(title);
  const [token] = useState(() => new URLSearchParams(location.search).get('token')?.trim() ?? '');
  const hasSearch = location.search !== '';
  useEffect(() => {
    if (hasSearch) navigate({ pathname: location.pathname }, { replace: true });
  }, [hasSearch, navigate, location.pathname]);

  const form = useForm(newPasswordRules, { password: '' });
  const [confirmation, setConfirmation] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [show, setShow] = useState(false);
  const [linkBad, setLinkBad] = useState(token === '');
  const honeypot = useHoneypot();
  const tooMany = useTooMany();

  const checkConfirmation = (password: string, repeated: string) => {
    const message = repeated === '' ? CONFIRM_REQUIRED : repeated === password ? undefined : PASSWORDS_DIFFER;
    setConfirmError(message);
    return message === undefined;
  };
  const validate = () => {
    const valid = form.validate();
    return checkConfirmation(form.values.password, confirmation) && valid;
  };

  const { busy, failure, formRef, failureRef, submit } = useSubmit(validate, async () => {
    const result = await setNewPassword(token, form.values.password, honeypot.value());
    if (result.ok) {
      const state: LoginState = { message: result.data.message || PASSWORD_SET };
      navigate(paths.loginUser, { replace: true, state });
      return;
    }
    if (result.status === 400) {
      setLinkBad(true);
      return;
    }
    const { token: tokenMessage, ...fields } = result.fields;
    if (tokenMessage) {
      setLinkBad(true);
      return;
    }
    form.setServerErrors(fields);
    return tooMany(result) ?? t(result.error || i18nKey('Something went wrong'));
  });

  if (linkBad) {
    return (
      <div className={`container page ${styles.page}`}>
        <h1>{title}</h1>
        <p className={`message-error ${styles.failure}`} role="alert">
          {t(LINK_BAD)}
        </p>
        <ButtonLink to={paths.forgotPassword} variant="primary">
          {t('Ask for a new link')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      <section className={`form-card ${styles.card}`} aria-labelledby="reset-password-title">
        <h2 id="reset-password-title" className={styles.cardTitle}>
          {t('Choose your new password')}
        </h2>
        <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('New password')}
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            required
            hint={t('At least 6 characters.')}
            {...form.field('password')}
            onChange={(event) => {
              form.setValue('password', event.target.value);
              if (confirmError && confirmation !== '') checkConfirmation(event.target.value, confirmation);
            }}
            error={form.errors.password ? t(form.errors.password) : undefined}
          />
          <TextField
            label={t('Repeat the new password')}
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            required
            name="confirm_password"
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.target.value);
              checkConfirmation(form.values.password, event.target.value);
            }}
            error={confirmError ? t(confirmError) : undefined}
          />
          <ShowPassword checked={show} onChange={setShow} />
          <Honeypot ref={honeypot.ref} />
          <FormAlert ref={failureRef} message={failure} className={styles.failure} />
          <Button type="submit" busy={busy} className="full-width">
            {t('Save the new password')}
          </Button>
        </form>
      </section>
    </div>
  );
}
