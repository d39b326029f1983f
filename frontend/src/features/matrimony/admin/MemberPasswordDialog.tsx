/**
 * "Reset the member's password" (owners): a new password for the member account a profile
 * belongs to, for a member whom the e-mailed link cannot reach (the site sends no mail, or the
 * address is gone). The member signs in with it at once; links sent earlier stop working. The
 * server's message for the field (422) is shown under it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormAlert } from '@/components/ui/FormAlert';
import { ShowPassword } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { i18nKey } from '@/lib/text';
import { useForm } from '@/lib/validation';
import { memberPasswordRules } from '../fields';
import { resetMemberPassword, type AdminProfile } from './api';

const RESET_FAILED = i18nKey('Could not reset the password. Please try again.');

type Props = {
  /** The profile whose member account gets the password (its `account_id`). */
  profile: AdminProfile & { account_id: number };
  onClose: () => void;
  onDone: () => void;
};

export function MemberPasswordDialog({ profile, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm(memberPasswordRules, { password: '' });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const body = useRef<HTMLFormElement>(null);

  useEffect(() => {
    body.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      body.current?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    const outcome = await resetMemberPassword(profile.account_id, form.values.password);
    setBusy(false);
    if (outcome.ok) {
      onDone();
      return;
    }
    if (outcome.status === 422 && outcome.fields.password) {
      form.setServerErrors({ password: outcome.fields.password });
      body.current?.querySelector('input')?.focus();
    } else if (outcome.status === 404) setFailure(t('This member account no longer exists.'));
    else setFailure(t(outcome.error || RESET_FAILED));
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('Reset the password of member account no. {{account}}', { account: profile.account_id })}
    >
      <form ref={body} noValidate onSubmit={(event) => void submit(event)} className="stacked-form">
        <p>{t('The account that registered the profile of {{name}}.', { name: profile.name })}</p>
        <p>{t('The member signs in with this password from now on. Tell it to them in person or by phone; links sent to them earlier stop working.')}</p>
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
