/**
 * The e-mail and password fields shared by the administrator login and registration forms,
 * with the "Show password" toggle and the errors translated under each field.
 */
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import type { useForm } from '@/lib/validation';

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
      <PasswordField
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        required
        hint={newPassword ? t('At least 6 characters.') : undefined}
        {...form.field('password')}
        error={translated(form.errors.password)}
      />
    </>
  );
}
