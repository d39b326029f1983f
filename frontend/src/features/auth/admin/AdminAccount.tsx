/**
 * /admin/dashboard/account: the signed-in administrator's own account.
 *
 * "Change password": current password, new password and its confirmation, checked on change with
 * the shared `passwordChange` rules (plus the client-only "Passwords do not match"); the server's
 * 422 messages appear under the fields. The server answers a new token and every older token of
 * this administrator stops working, so the new token replaces the stored one at once.
 *
 * After an owner reset the password (verify's `must_change_password`), the page opens with a
 * notice that it must be changed now; the dashboard's shell shows nothing else until the change,
 * after which the identity is asked again (useAdminIdentity().refresh).
 *
 * "Sign out everywhere": after a confirmation, POST /api/admin/logout-all revokes every token of
 * this administrator, this one included; the stored token is removed and the page goes to
 * /adminLogin.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ShowPassword } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { clearAdminToken, errorText, fieldErrors, setAdminToken } from '@/lib/api';
import { useAdminIdentity } from '@/lib/adminAccess';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useForm, type FormRules } from '@/lib/validation';
import { changeAdminPassword, signOutEverywhere } from './api';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminPage } from '@/components/admin/AdminPage';
import styles from './AdminAccount.module.css';

const rules: FormRules = {
  current_password: [...validationRules.passwordChange.current_password],
  new_password: [...validationRules.passwordChange.new_password],
};

const empty = { current_password: '', new_password: '', confirm_password: '' };

const PASSWORDS_DIFFER = i18nKey('Passwords do not match');
const CONFIRM_REQUIRED = i18nKey('Password is required');
const CHANGE_FAILED = i18nKey('Could not change the password. Please try again.');
const SIGN_OUT_FAILED = i18nKey('Could not sign out everywhere. Please try again.');

/** The confirmation's message (an i18n key), or undefined when it repeats the new password. */
function confirmationError(newPassword: string, confirmation: string): string | undefined {
  if (confirmation === '') return CONFIRM_REQUIRED;
  return confirmation === newPassword ? undefined : PASSWORDS_DIFFER;
}

/** "Too many attempts" is worth passing on as the server says it; other failures get `fallback`. */
function failureText(status: number, error: unknown, fallback: string): string {
  return status === 429 ? errorText(error, fallback) : fallback;
}

export default function AdminAccount() {
  const { t } = useTranslation();
  const { identity } = useAdminIdentity();
  return (
    <AdminPage title={t('Account')} intro={t('Your administrator account: change the password, or sign out on every device.')}>
      {identity?.mustChangePassword ? (
        <div className={`message-error ${styles.forced}`} role="alert">
          <p className={styles.forcedTitle}>{t('An owner has reset your password.')}</p>
          <p>{t('Please change it now: the rest of the dashboard opens after the change. Your current password is the one the owner gave you.')}</p>
        </div>
      ) : null}
      <div className={styles.cards}>
        <ChangePassword />
        <SignOutEverywhere />
      </div>
    </AdminPage>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const { refresh } = useAdminIdentity();
  const form = useForm(rules, empty);
  // The confirmation has no server rule: it is checked here, once the administrator has typed in it.
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [showPasswords, setShowPasswords] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const translated = (message?: string) => (message ? t(message) : undefined);
  const newField = form.field('new_password');
  const confirmField = form.field('confirm_password');

  const onNewPassword = (event: { target: { value: string } }) => {
    newField.onChange(event);
    if (confirmTouched) setConfirmError(confirmationError(event.target.value, form.values.confirm_password));
  };
  const onConfirmation = (event: { target: { value: string } }) => {
    confirmField.onChange(event);
    setConfirmTouched(true);
    setConfirmError(confirmationError(form.values.new_password, event.target.value));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const fieldsValid = form.validate();
    const confirmation = confirmationError(form.values.new_password, form.values.confirm_password);
    setConfirmTouched(true);
    setConfirmError(confirmation);
    if (!fieldsValid || confirmation) return;
    setBusy(true);
    try {
      const { data, error, response } = await changeAdminPassword({
        current_password: form.values.current_password,
        new_password: form.values.new_password,
      });
      if (response.ok && data?.token) {
        // The old token no longer works: keep this session on the new one.
        setAdminToken(data.token);
        form.reset();
        setConfirmTouched(false);
        setConfirmError(undefined);
        setShowPasswords(false);
        setNotice({ kind: 'success', text: t('Password changed. Other devices have been signed out.') });
        // A password reset by an owner is now changed: the dashboard opens again.
        refresh();
        return;
      }
      // 401 (this token no longer works) is handled by the API client: it goes to the login page.
      if (response.status === 401) return;
      const fields = fieldErrors(error);
      const known = Object.fromEntries(Object.entries(fields).filter(([name]) => name in rules));
      if (response.status === 422 && Object.keys(known).length > 0) form.setServerErrors(known);
      else setNotice({ kind: 'error', text: t(failureText(response.status, error, CHANGE_FAILED)) });
    } catch (error) {
      console.error('Changing the administrator password failed', error);
      setNotice({ kind: 'error', text: t(CHANGE_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  const type = showPasswords ? 'text' : 'password';
  return (
    <section className={styles.card} aria-labelledby="account-password-title">
      <h2 id="account-password-title" className={styles.cardTitle}>
        {t('Change password')}
      </h2>
      <p className={styles.lead}>{t('After the change, every other device where you are signed in is signed out.')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
        <TextField
          label={t('Current password')}
          type={type}
          autoComplete="current-password"
          required
          {...form.field('current_password')}
          error={translated(form.errors.current_password)}
        />
        <TextField
          label={t('New password')}
          type={type}
          autoComplete="new-password"
          required
          hint={t('At least 6 characters.')}
          {...newField}
          onChange={onNewPassword}
          error={translated(form.errors.new_password)}
        />
        <TextField
          label={t('Confirm new password')}
          type={type}
          autoComplete="new-password"
          required
          {...confirmField}
          onChange={onConfirmation}
          error={translated(confirmError)}
        />
        <ShowPassword checked={showPasswords} onChange={setShowPasswords} />
        <div className={styles.notice}>
          <AdminNotice notice={notice} />
        </div>
        <Button type="submit" busy={busy} className={styles.submit}>
          {t('Change password')}
        </Button>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const confirm = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const { error, response } = await signOutEverywhere();
      // 401: the token was already refused; the API client has dropped it and goes to the login page.
      if (response.status === 401) return;
      if (response.ok) {
        clearAdminToken();
        navigate(paths.adminLogin, { replace: true });
        return;
      }
      setAsking(false);
      setNotice({ kind: 'error', text: t(failureText(response.status, error, SIGN_OUT_FAILED)) });
    } catch (error) {
      console.error('Signing out everywhere failed', error);
      setAsking(false);
      setNotice({ kind: 'error', text: t(SIGN_OUT_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-sign-out-title">
      <h2 id="account-sign-out-title" className={styles.cardTitle}>
        {t('Sign out everywhere')}
      </h2>
      <p className={styles.lead}>
        {t('Signs you out on every device and browser, this one included. You will need to sign in again.')}
      </p>
      <div className={styles.notice}>
        <AdminNotice notice={notice} />
      </div>
      <Button variant="danger" className={styles.submit} onClick={() => setAsking(true)}>
        {t('Sign out everywhere')}
      </Button>
      <ConfirmDialog
        open={asking}
        message={t('Sign out on every device?')}
        confirmLabel={t('Sign out everywhere')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
