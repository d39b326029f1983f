import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@/config/paths';
import { i18nKey } from '@/lib/text';
import { useSubmit } from '@/lib/useSubmit';
import { useTooMany } from '@/lib/tooMany';
import { usePageTitle } from '@/lib/usePageTitle';
import { useForm } from '@/lib/validation';
import { askPasswordReset } from '../api';
import { forgottenPasswordRules } from '../fields';
import styles from './Matrimony.module.css';

/** The server's answer when the site sends no mail: the board resets passwords then. */
export const RESET_BY_MAIL_OFF = i18nKey('Password reset by e-mail is not available. Please ask the matchmaking board to reset your password.');
/** The server's answer to every address, whether or not an account has it. */
const RESET_SENT = i18nKey('If an account has this e-mail address, a link to set a new password has been sent to it. Please check your inbox.');

/**
 * /forgotPassword: a member who forgot the password gives the e-mail address of the free
 * registration and is sent a link that sets a new one (POST /api/auth/forgot-password). The
 * answer is the same whether or not an account has the address. When the site sends no mail
 * (409) the page says to ask the matchmaking board, which can set a new password from the
 * dashboard, and leads to the board's page.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const title = t('Forgotten password');
  usePageTitle(title);
  const form = useForm(forgottenPasswordRules, { email: '' });
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const [sent, setSent] = useState('');
  const [mailOff, setMailOff] = useState(false);
  const error = form.errors.email ? t(form.errors.email) : undefined;

  const { busy, failure, formRef, failureRef, submit } = useSubmit(form.validate, async () => {
    setMailOff(false);
    const result = await askPasswordReset(form.values.email.trim(), honeypot.value());
    if (result.ok) {
      setSent(result.data.message || RESET_SENT);
      return;
    }
    form.setServerErrors(result.fields);
    if (result.status === 409) {
      setMailOff(true);
      return t(result.error || RESET_BY_MAIL_OFF);
    }
    return tooMany(result) ?? t(result.error || i18nKey('Something went wrong'));
  });

  return (
    <div className={`container page ${styles.page}`}>
      <h1>{title}</h1>
      {sent ? (
        <div className={styles.success} role="status">
          <p className={styles.strong}>{t(sent)}</p>
          <p>{t('The link works for one hour and only once. No message? Look in the spam folder, or ask again.')}</p>
        </div>
      ) : null}
      <section className={`form-card ${styles.card}`} aria-labelledby="forgot-password-title">
        <h2 id="forgot-password-title" className={styles.cardTitle}>
          {t('Set a new password by e-mail')}
        </h2>
        <p>{t('Enter the e-mail address of your free registration. We send a link to it that sets a new password.')}</p>
        <form ref={formRef} className="stacked-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField label={t('Email')} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} error={error} />
          <Honeypot ref={honeypot.ref} />
          <FormAlert ref={failureRef} message={failure} className={styles.failure} />
          {mailOff ? (
            <p>
              <Link to={paths.aboutVadhuVarMandal}>{t('The matchmaking board’s office bearers')}</Link>
            </p>
          ) : null}
          <Button type="submit" busy={busy} className="full-width">
            {sent ? t('Send the link again') : t('Send the link')}
          </Button>
        </form>
        <p className={styles.or}>{t('Remembered it?')}</p>
        <ButtonLink to={paths.loginUser} variant="secondary" className={styles.secondaryAction}>
          {t('Login')}
        </ButtonLink>
      </section>
    </div>
  );
}
