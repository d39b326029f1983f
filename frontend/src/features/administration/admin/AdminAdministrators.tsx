/**
 * /admin/dashboard/administrators (owners, docs/DESIGN.md §10): who may work in the dashboard
 * and in which sections. Each administrator is a card (e-mail, "you" on one's own, the roles as
 * checkboxes saved per card); add one with an initial password; reset a password (they change it
 * at their next sign-in); remove one after a confirmation that names them. A change of roles or
 * a removal applies from that administrator's next request.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { useAdminIdentity } from '@/lib/adminAccess';
import { i18nKey } from '@/lib/text';
import { useLoaded } from '@/lib/useLoaded';
import { AddAdministrator } from './AddAdministrator';
import { AdministratorCard } from './AdministratorCard';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { listAdministrators, removeAdministrator, type AdminAccount } from './api';
import styles from './AdminAdministrators.module.css';

const REMOVE_FAILED = i18nKey('Could not remove the administrator. Please try again.');

export default function AdminAdministrators() {
  const { t } = useTranslation();
  const { identity, refresh } = useAdminIdentity();
  const { data: accounts, setData: setAccounts, failed, reload, round } = useLoaded<AdminAccount[]>(listAdministrators, 'the administrators');
  const [notice, setNotice] = useState<Notice>(null);
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);


  const replace = (account: AdminAccount) => setAccounts((list) => list?.map((a) => (a.id === account.id ? account : a)) ?? list);

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    const outcome = await removeAdministrator(removing.id);
    setRemoveBusy(false);
    if (outcome.ok) {
      setNotice({ kind: 'success', text: t('{{email}} removed.', { email: removing.email }) });
      setAccounts((list) => list?.filter((a) => a.id !== removing.id) ?? list);
    } else {
      setNotice({ kind: 'error', text: t(outcome.error || REMOVE_FAILED) });
    }
    setRemoving(null);
  };

  let list;
  if (failed) {
    list = <LoadProblem onRetry={reload} />;
  } else if (accounts === null) {
    list = <Loading />;
  } else {
    list = (
      <ul className={styles.people}>
        {accounts.map((account) => (
          <AdministratorCard
            // A reload starts the cards' checkboxes afresh.
            key={`${account.id}:${round}`}
            account={account}
            you={identity?.email === account.email}
            onSaved={(saved) => {
              replace(saved);
              // One's own roles changed: the sidebar (and this page's own access) follow.
              if (saved.email === identity?.email) refresh();
            }}
            onReset={(a) => {
              setNotice(null);
              setResetting(a);
            }}
            onRemove={(a) => {
              setNotice(null);
              setRemoving(a);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <AdminPage
      title={t('Administrators')}
      intro={t('Who may work in the dashboard, and in which sections. An owner may do everything; a change applies at once.')}
    >
      <div className={styles.layout}>
        <section aria-labelledby="administrators-list-title" className={styles.listColumn}>
          <h2 id="administrators-list-title" className={styles.cardTitle}>
            {t('Administrators and their roles')}
          </h2>
          <AdminNotice notice={notice} />
          {list}
        </section>
        <AddAdministrator
          onAdded={(account) => {
            setNotice({ kind: 'success', text: t('{{email}} added.', { email: account.email }) });
            setAccounts((current) => (current ? [...current, account] : current));
          }}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        message={removing ? t('Remove {{email}}? They will be signed out at once.', { email: removing.email }) : ''}
        confirmLabel={t('Remove')}
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          if (!removeBusy) setRemoving(null);
        }}
      />
      <ResetPasswordDialog
        account={resetting}
        onClose={() => setResetting(null)}
        onDone={(account) => {
          setResetting(null);
          replace(account);
          setNotice({ kind: 'success', text: t('Password of {{email}} reset. They must change it at their next sign-in.', { email: account.email }) });
        }}
      />
    </AdminPage>
  );
}
