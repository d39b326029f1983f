/**
 * /adminLogin (docs/SPECIFICATION.md §2, §8): e-mail and password. 401 → "Invalid email or password", 429 → how
 * long to wait (the server's Retry-After), anything else → "Login failed. Please try again
 * later.". The token is kept in localStorage `adminToken` and the administrator goes back to the
 * page that asked for the sign-in (`?next=`, a path of this site), else to the dashboard. When a
 * stored token was refused the page says that the session has ended. While no administrator
 * exists yet, the page points to /register to create the first one. After an owner reset the
 * password (`must_change_password`) it goes to the Account page's password change instead.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { adminAccountSection, adminSectionPath } from '@/config/adminSections';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorText, fieldErrors, setAdminToken } from '@/lib/api';
import { validationRules } from '@/lib/rules';
import type { FormRules } from '@/lib/validation';
import { useForm } from '@/lib/validation';
import { i18nKey } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import { useSubmit } from '@/lib/useSubmit';
import { useLanguage } from '@/lib/useLanguage';
import { retryAfterSeconds, waitText } from '@/lib/retryAfter';
import { loginAdmin } from '../api';
import { useRegistrationOpen } from '../useRegistrationOpen';
import { NEXT_PARAM, safeReturnPath, type LoginLocationState } from '@/lib/signInReturn';
import { CredentialFields } from './CredentialFields';
import styles from './AdminAuth.module.css';

/** Signing in checks presence and the address's shape; the length rule is registration's. */
const loginRules: FormRules = {
  email: [...validationRules.adminCredentials.email],
  password: validationRules.adminCredentials.password.filter((rule) => rule.kind === 'required'),
};

export default function AdminLogin() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const handed = location.state as LoginLocationState;
  const registeredEmail = handed?.registeredEmail;
  const expired = Boolean(handed?.expired) && !registeredEmail;
  usePageTitle(t('Admin Login'));

  const form = useForm(loginRules, { email: registeredEmail ?? '', password: '' });
  const [registrationOpen, setRegistrationOpen] = useState<boolean | null>(null);

  useRegistrationOpen(setRegistrationOpen);

  const { busy, failure, submit } = useSubmit(
    form.validate,
    async () => {
      try {
        const { data, error, response } = await loginAdmin({ email: form.values.email.trim(), password: form.values.password });
        if (response.ok && data?.token) {
          setAdminToken(data.token);
          // An owner reset the password: the Account page's password change comes first.
          const next = data.must_change_password ? adminSectionPath(adminAccountSection.path) : safeReturnPath(params.get(NEXT_PARAM));
          navigate(next ?? paths.adminDashboard, { replace: true });
          return;
        }
        const wait = retryAfterSeconds(response.headers.get('Retry-After'));
        if (response.status === 401) return t('Invalid email or password');
        if (response.status === 429 && wait !== null) return t('Too many attempts. Please wait {{wait}} and try again.', { wait: waitText(wait, t, digits) });
        if (response.status === 429) return t(errorText(error, i18nKey('Too many attempts. Please try again later.')));
        if (response.status === 422 && Object.keys(fieldErrors(error)).length > 0) {
          form.setServerErrors(fieldErrors(error));
          return '';
        }
        return t('Login failed. Please try again later.');
      } catch (error) {
        console.error('Admin login failed', error);
        return t('Login failed. Please try again later.');
      }
    },
    { focus: false },
  );


  return (
    <div className="container page">
      <div className={`form-card ${styles.card}`}>
        <h1 className={styles.title}>{t('Admin Login')}</h1>

        {registeredEmail ? (
          <div className={styles.success} role="status">
            <p className={styles.strong}>{t('Registered successfully')}</p>
            <p>{t('Please sign in with your new account.')}</p>
          </div>
        ) : null}

        {expired ? (
          <div className={styles.info} role="status">
            <p className={styles.strong}>{t('Your session has ended. Please log in again.')}</p>
          </div>
        ) : null}

        {registrationOpen && !registeredEmail ? (
          <div className={styles.info}>
            <p className={styles.strong}>{t('No administrator account exists yet.')}</p>
            <p>
              <Link to={paths.adminRegister}>{t('Create the first administrator account')}</Link>
            </p>
          </div>
        ) : null}

        <form noValidate onSubmit={(event) => void submit(event)} className="stacked-form">
          <CredentialFields form={form} />

          <FormAlert message={failure} className={styles.failure} />

          <Button type="submit" busy={busy} className="full-width">
            {busy ? t('Signing in...') : t('Login')}
          </Button>
        </form>
        <p className={styles.footer}>
          <Link to={paths.home}>{t('Back to home')}</Link>
        </p>
      </div>
    </div>
  );
}
