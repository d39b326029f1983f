/**
 * /register (docs/SPECIFICATION.md §2, §8): creates an administrator. Open to anyone while no administrator
 * exists (the first set-up); afterwards only a signed-in administrator may add another one.
 * Fields are checked on change with the shared `adminCredentials` rules and the server's
 * per-field messages appear under the fields.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Loading } from '@/components/ui/Loading';
import { errorText, fieldErrors, getAdminToken } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import { useForm, type FormRules } from '@/lib/validation';
import { i18nKey } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSubmit } from '@/lib/useSubmit';
import { registerAdmin } from '../api';
import { useRegistrationOpen } from '../useRegistrationOpen';
import type { LoginLocationState } from '@/lib/signInReturn';
import { CredentialFields } from './CredentialFields';
import styles from './AdminAuth.module.css';

const rules: FormRules = {
  email: [...validationRules.adminCredentials.email],
  password: [...validationRules.adminCredentials.password],
};

type Mode = 'checking' | 'first' | 'additional' | 'closed';

export default function AdminRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('Admin Registration'));

  const [mode, setMode] = useState<Mode>('checking');
  const form = useForm(rules, { email: '', password: '' });
  const [added, setAdded] = useState<string | null>(null);

  useRegistrationOpen((open) => {
    // When the server cannot tell, show the form: the server decides on submit.
    if (open === true) setMode('first');
    else if (getAdminToken()) setMode('additional');
    else setMode(open === false ? 'closed' : 'first');
  });

  const { busy, failure, submit } = useSubmit(
    form.validate,
    async () => {
      try {
        const email = form.values.email.trim();
        const { error, response } = await registerAdmin({ email, password: form.values.password });
        if (response.ok) {
          if (mode === 'additional') {
            setAdded(email);
            form.reset();
          } else {
            const state: LoginLocationState = { registeredEmail: email };
            navigate(paths.adminLogin, { state });
          }
          return;
        }
        const fields = fieldErrors(error);
        if (response.status === 422 && Object.keys(fields).length > 0) form.setServerErrors(fields);
        else if (response.status === 401 || response.status === 403) setMode('closed');
        else if (response.status === 409 || response.status === 429) return t(errorText(error, i18nKey('Registration failed. Please try again later.')));
        else return t('Registration failed. Please try again later.');
      } catch (error) {
        console.error('Admin registration failed', error);
        return t('Registration failed. Please try again later.');
      }
    },
    { focus: false },
  );
  const onSubmit = (event: FormEvent) => {
    setAdded(null);
    void submit(event);
  };



  let content;
  if (mode === 'checking') {
    content = <Loading />;
  } else if (mode === 'closed') {
    content = (
      <div className={styles.info}>
        <p className={styles.strong}>{t('Registration is closed.')}</p>
        <p>{t('An administrator account already exists. An administrator must sign in first to add another administrator.')}</p>
        <p>
          <Link to={paths.adminLogin}>{t('Go to Admin Login')}</Link>
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <p className={styles.lead}>
          {mode === 'first'
            ? t('Create the first administrator account. You will sign in with this e-mail and password.')
            : t('Add another administrator account.')}
        </p>
        {added ? (
          <div className={styles.success} role="status">
            <p className={styles.strong}>{t('Registered successfully')}</p>
            <p>{added}</p>
          </div>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="stacked-form">
          <CredentialFields form={form} newPassword />
          <FormAlert message={failure} className={styles.failure} />
          <Button type="submit" busy={busy} className="full-width">
            {t('Register')}
          </Button>
        </form>
      </>
    );
  }

  return (
    <div className="container page">
      <div className={`form-card ${styles.card}`}>
        <h1 className={styles.title}>{t('Admin Registration')}</h1>
        {content}
        {mode === 'closed' ? null : (
          // Closed, the notice above already links to the login.
          <p className={styles.footer}>
            {mode === 'additional' ? (
              <Link to={paths.adminDashboard}>{t('Back to the dashboard')}</Link>
            ) : (
              <Link to={paths.adminLogin}>{t('Go to Admin Login')}</Link>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
