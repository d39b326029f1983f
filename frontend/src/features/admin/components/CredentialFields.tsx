/**
 * The e-mail and password fields shared by the administrator login and registration forms,
 * with the "Show password" toggle and the errors translated under each field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/TextField';
import type { useForm } from '@/lib/validation';
import styles from './AdminAuth.module.css';

type CredentialsForm = ReturnType<typeof useForm<{ email: string; password: string }>>;

export function CredentialFields({
  form,
  newPassword = false,
}: {
  form: CredentialsForm;
  /** Registration: the browser may suggest a new password, and the length rule is shown. */
  newPassword?: boolean;
}) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const translated = (message?: string) => (message ? t(message) : undefined);
  return (
    <>
      <TextField
        label={t('Email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...form.field('email')}
        error={translated(form.errors.email)}
      />
      <TextField
        label={t('Password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        required
        hint={newPassword ? t('At least 6 characters.') : undefined}
        {...form.field('password')}
        error={translated(form.errors.password)}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
        {t('Show password')}
      </label>
    </>
  );
}
