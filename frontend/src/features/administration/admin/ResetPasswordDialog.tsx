/**
 * "Reset password" of another administrator: a new password (the shared passwordReset rules),
 * which they must change at their next sign-in; their sessions end at once.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ShowPassword } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { FormAlert } from '@/components/ui/FormAlert';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useForm, type FormRules } from '@/lib/validation';
import { resetPassword, type AdminAccount } from './api';

const rules: FormRules = { password: [...validationRules.passwordReset.password] };
const RESET_FAILED = i18nKey('Could not reset the password. Please try again.');

type Props = {
  account: AdminAccount | null;
  onClose: () => void;
  onDone: (account: AdminAccount) => void;
};

export function ResetPasswordDialog({ account, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm(rules, { password: '' });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const body = useRef<HTMLFormElement>(null);
  const { reset } = form;

  // Each opening starts empty, with the focus in the field (after the dialog placed it).
  useEffect(() => {
    if (account) {
      reset();
      setShow(false);
      setFailure('');
      body.current?.querySelector('input')?.focus();
    }
  }, [account, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || !form.validate()) return;
    setBusy(true);
    setFailure('');
    const outcome = await resetPassword(account.id, form.values.password);
    setBusy(false);
    if (outcome.ok) {
      onDone(outcome.data);
      return;
    }
    if (outcome.status === 422 && outcome.fields.password) form.setServerErrors({ password: outcome.fields.password });
    else setFailure(t(outcome.error || RESET_FAILED));
  };

  return (
    <Dialog
      open={account !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={account ? t('Reset the password of {{email}}', { email: account.email }) : ''}
    >
      <form ref={body} noValidate onSubmit={(event) => void submit(event)} className="stacked-form">
        <p>{t('They are signed out at once, and must change this password at their next sign-in. Tell it to them in person or by phone.')}</p>
        <TextField
          label={t('New password')}
          type={show ? 'text' : 'password'}
          autoComplete="new-password"
          required
          hint={t('At least 6 characters.')}
          {...form.field('password')}
          error={form.errors.password ? t(form.errors.password) : undefined}
        />
        <ShowPassword checked={show} onChange={setShow} />
        <FormAlert message={failure} />
        <div className="form-buttons">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('Reset password')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
