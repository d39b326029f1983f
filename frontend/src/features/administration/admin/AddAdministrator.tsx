/**
 * "Add an administrator": e-mail, initial password and roles, checked on change with the
 * server's rule table (validationRules.adminUserCreate); the server's 422 messages appear under
 * their fields, a taken e-mail (409) under the e-mail.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ShowPassword } from '@/components/ui/PasswordField';
import { TextField } from '@/components/ui/TextField';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import type { Role } from '@/config/adminSections';
import { validationRules } from '@/lib/rules';
import { i18nKey } from '@/lib/text';
import { useForm, type FormRules } from '@/lib/validation';
import { addAdministrator, type AdminAccount } from './api';
import { RoleChecks } from './RoleChecks';
import styles from './AdminAdministrators.module.css';

const rules: FormRules = {
  email: [...validationRules.adminUserCreate.email],
  password: [...validationRules.adminUserCreate.password],
};

/** The server's message for an empty list of roles (backend: 422 under `roles`). */
export const NO_ROLE_CHOSEN = i18nKey('Choose at least one role');
const ADD_FAILED = i18nKey('Could not add the administrator. Please try again.');

export function AddAdministrator({ onAdded }: { onAdded: (account: AdminAccount) => void }) {
  const { t } = useTranslation();
  const form = useForm(rules, { email: '', password: '' });
  const [roles, setRoles] = useState<Role[]>([]);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [rolesTouched, setRolesTouched] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const translated = (message?: string) => (message ? t(message) : undefined);

  const changeRoles = (next: Role[]) => {
    setRoles(next);
    setRolesTouched(true);
    setRolesError(next.length === 0 ? NO_ROLE_CHOSEN : undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const valid = form.validate();
    setRolesTouched(true);
    const noRole = roles.length === 0 ? NO_ROLE_CHOSEN : undefined;
    setRolesError(noRole);
    if (!valid || noRole) return;
    setBusy(true);
    const outcome = await addAdministrator({ email: form.values.email.trim(), password: form.values.password, roles });
    setBusy(false);
    if (outcome.ok) {
      form.reset();
      setRoles([]);
      setRolesTouched(false);
      setShowPassword(false);
      onAdded(outcome.data);
      return;
    }
    if (outcome.status === 409) {
      form.setServerErrors({ email: outcome.error || i18nKey('This email is already registered.') });
      return;
    }
    const { roles: rolesMessage, ...fields } = outcome.fields;
    const known = Object.fromEntries(Object.entries(fields).filter(([name]) => name in rules));
    if (outcome.status === 422 && (rolesMessage || Object.keys(known).length > 0)) {
      form.setServerErrors(known);
      if (rolesMessage) setRolesError(rolesMessage);
      return;
    }
    setNotice({ kind: 'error', text: t(outcome.error || ADD_FAILED) });
  };

  return (
    <section className={`form-card ${styles.addCard}`} aria-labelledby="add-administrator-title">
      <h2 id="add-administrator-title" className={styles.cardTitle}>
        {t('Add an administrator')}
      </h2>
      <p className={styles.lead}>{t('Give them an initial password; they can change it on their Account page.')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.addForm}>
        <div className={styles.addFields}>
          <TextField label={t('Email')} type="email" autoComplete="off" required {...form.field('email')} error={translated(form.errors.email)} />
          <TextField
            label={t('Initial password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            required
            hint={t('At least 6 characters.')}
            {...form.field('password')}
            error={translated(form.errors.password)}
          />
          <ShowPassword checked={showPassword} onChange={setShowPassword} />
        </div>
        <RoleChecks legend={t('Roles')} value={roles} onChange={changeRoles} error={rolesTouched ? translated(rolesError) : undefined} />
        <AdminNotice notice={notice} />
        <Button type="submit" busy={busy}>
          {t('Add administrator')}
        </Button>
      </form>
    </section>
  );
}
