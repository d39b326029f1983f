/**
 * One administrator as a card: the e-mail ("you" on the signed-in owner's own), the roles as
 * checkboxes saved with this card's button (the server's 409 for the last owner said here),
 * Reset password and Remove, which the page confirms in its dialogs.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import type { Role } from '@/config/adminSections';
import { i18nKey } from '@/lib/text';
import { changeRoles, type AdminAccount } from './api';
import { NO_ROLE_CHOSEN } from './AddAdministrator';
import { RoleChecks } from './RoleChecks';
import styles from './AdminAdministrators.module.css';

const SAVE_FAILED = i18nKey('Could not save the roles. Please try again.');

type Props = {
  account: AdminAccount;
  /** The signed-in administrator's own card. */
  you: boolean;
  onSaved: (account: AdminAccount) => void;
  onReset: (account: AdminAccount) => void;
  onRemove: (account: AdminAccount) => void;
};

const same = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

export function AdministratorCard({ account, you, onSaved, onReset, onRemove }: Props) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<Role[]>(account.roles);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const titleId = `administrator-${account.id}`;
  const changed = !same(roles, account.roles);

  const save = async () => {
    setNotice(null);
    if (roles.length === 0) {
      setRolesError(NO_ROLE_CHOSEN);
      return;
    }
    setRolesError(undefined);
    setBusy(true);
    const outcome = await changeRoles(account.id, roles);
    setBusy(false);
    if (outcome.ok) {
      setRoles(outcome.data.roles);
      onSaved(outcome.data);
      setNotice({ kind: 'success', text: t('Roles of {{email}} saved.', { email: account.email }) });
      return;
    }
    if (outcome.status === 422 && outcome.fields.roles) {
      setRolesError(outcome.fields.roles);
      return;
    }
    // 409: the last owner keeps the owner role; the server's words, in the screen's language.
    setNotice({ kind: 'error', text: t(outcome.error || SAVE_FAILED) });
  };

  return (
    <li className={styles.person} aria-labelledby={titleId}>
      <div className={styles.personHead}>
        <h3 id={titleId} className={styles.email}>
          {account.email}
        </h3>
        {you ? <span className={styles.you}>{t('you')}</span> : null}
        {account.must_change_password ? <span className={styles.pending}>{t('Must change the password at the next sign-in')}</span> : null}
      </div>
      <RoleChecks
        legend={t('Roles of {{email}}', { email: account.email })}
        hideLegend
        value={roles}
        onChange={(next) => {
          setRoles(next);
          setNotice(null);
          setRolesError(next.length === 0 ? NO_ROLE_CHOSEN : undefined);
        }}
        error={rolesError ? t(rolesError) : undefined}
        disabled={busy}
      />
      <AdminNotice notice={notice} />
      <div className={styles.personActions}>
        <Button size="sm" busy={busy} disabled={!changed} onClick={() => void save()} aria-label={`${t('Save roles')}: ${account.email}`}>
          {t('Save roles')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onReset(account)} aria-label={`${t('Reset password')}: ${account.email}`}>
          {t('Reset password')}
        </Button>
        {you ? null : (
          <Button size="sm" variant="danger" onClick={() => onRemove(account)} aria-label={`${t('Remove')}: ${account.email}`}>
            {t('Remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
