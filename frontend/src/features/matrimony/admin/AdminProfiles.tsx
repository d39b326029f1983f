/**
 * The dashboard's 'Matrimonial Profiles' (docs/SPECIFICATION.md §2 section `profiles`, §4 profile lifecycle, §8
 * messages): the registered profiles on the generic AdminTable with their photo, search, the
 * pending / uploaded filter and the exports; Edit in a modal, Delete after 'Are you sure you want
 * to delete this profile?', Upload to the members' matches gallery and Take back; a link to the
 * biodata. Photos and biodata are private files behind short-lived signed links, so the list is
 * fetched again shortly before the first link of the page expires. It also reloads when a
 * profile is published, taken back or deleted anywhere. An owner may also reset the password of
 * the member account a profile belongs to, from the Edit modal.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn, type AdminListLoader } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/TextField';
import { errorText } from '@/lib/api';
import { useAdminIdentity } from '@/lib/adminAccess';
import { useRealtime } from '@/lib/realtime';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import {
  deleteProfile,
  firstExpiry,
  loadProfiles,
  profileExports,
  publishProfile,
  withdrawProfile,
  type AdminProfile,
  type ProfileStatus,
} from './api';
import { genderLabels, labelOf, profileForLabels } from '../fields';
import { MemberPasswordDialog } from './MemberPasswordDialog';
import { ProfileEditor } from './ProfileEditor';
import styles from './AdminProfiles.module.css';

const statusLabels: Record<ProfileStatus, string> = { pending: i18nKey('Pending'), uploaded: i18nKey('Uploaded') };
const isStatus = (value: string | null): value is ProfileStatus => value === 'pending' || value === 'uploaded';

/** Signed links are fetched anew this long before they expire. */
export const LINK_REFRESH_MARGIN_MS = 60_000;
/** The list is not fetched more often than this for new links. */
const MIN_LINK_REFRESH_MS = 5_000;
/** Longer delays overflow setTimeout (which then fires at once); the reload then waits again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const THUMB_WIDTH = 64;

export default function AdminProfiles() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  // The status filter lives in the address (`?status=pending`): the dashboard's card
  // 'Profiles awaiting approval' opens the list with it chosen, and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: ProfileStatus | '' = isStatus(asked) ? asked : '';
  const setStatus = (next: ProfileStatus | '') =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next) query.set('status', next);
        else query.delete('status');
        return query;
      },
      { replace: true },
    );
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<AdminProfile | null>(null);
  const [resettingPassword, setResettingPassword] = useState(false);
  const isOwner = useAdminIdentity().identity?.roles.includes('owner') ?? false;
  const [working, setWorking] = useState<number | null>(null);
  // Set anew by every load (an object, so that the same time still restarts the wait).
  const [linksExpire, setLinksExpire] = useState<{ at: number } | null>(null);
  const reload = () => setReloadKey((key) => key + 1);

  // A profile published, taken back or deleted here, in another tab or by another administrator.
  useRealtime((event) => {
    if (event.type === 'profileUploaded' || event.type === 'profileDeleted') reload();
  });

  const load = useCallback<AdminListLoader<AdminProfile>>(async (query, signal) => {
    const page = await loadProfiles(query, signal);
    const at = firstExpiry(page.rows);
    if (!signal?.aborted) setLinksExpire(at === null ? null : { at });
    return page;
  }, []);

  // The photos and biodata links of the page stop working after a while: fetch fresh ones first.
  useEffect(() => {
    if (linksExpire === null) return;
    const delay = linksExpire.at - Date.now() - LINK_REFRESH_MARGIN_MS;
    const timer = setTimeout(reload, Math.min(MAX_TIMER_MS, Math.max(MIN_LINK_REFRESH_MS, delay)));
    return () => clearTimeout(timer);
  }, [linksExpire]);

  const serverMessage = (error: unknown) => t(errorText(error, i18nKey('Server error')));

  const publish = async (profile: AdminProfile) => {
    setNotice(null);
    setWorking(profile.id);
    try {
      await publishProfile(profile.id);
      setNotice({ kind: 'success', text: t('Profile uploaded successfully to Matches gallery!') });
    } catch (error) {
      setNotice({ kind: 'error', text: t('Error uploading profile: {{message}}', { message: serverMessage(error) }) });
    } finally {
      setWorking(null);
      reload();
    }
  };

  const withdraw = async (profile: AdminProfile) => {
    setNotice(null);
    setWorking(profile.id);
    try {
      await withdrawProfile(profile.id);
      setNotice({ kind: 'success', text: t('Profile taken back from the Matches gallery.') });
    } catch (error) {
      setNotice({ kind: 'error', text: t('Error taking back profile: {{message}}', { message: serverMessage(error) }) });
    } finally {
      setWorking(null);
      reload();
    }
  };

  const date = (iso: string) => <time dateTime={iso}>{formatAdminDate(iso, lang, false)}</time>;

  /** Upload to the matches gallery, or take back from it: the profile's next step, beside its status. */
  const nextStep = (row: AdminProfile) =>
    row.status === 'uploaded' ? (
      <Button variant="secondary" size="sm" busy={working === row.id} aria-label={`${t('Take back')}: ${row.name}`} onClick={() => void withdraw(row)}>
        {t('Take back')}
      </Button>
    ) : (
      <Button size="sm" busy={working === row.id} aria-label={`${t('Upload to Matches')}: ${row.name}`} onClick={() => void publish(row)}>
        {t('Upload to Matches')}
      </Button>
    );

  // Few columns, each a short stack of values, so that the list stays a table beside the sidebar;
  // every field is in the Edit modal. A cell holds one element: a card lays it out as one value.
  const columns: Array<AdminColumn<AdminProfile>> = [
    {
      key: 'photo',
      header: t('Photo'),
      cell: (row) => {
        const thumb = row.photo_thumb ?? row.photo;
        if (!thumb || !row.photo) return <span className={styles.muted}>{t('No Photo')}</span>;
        const height = row.photo_width && row.photo_height ? Math.round((THUMB_WIDTH * row.photo_height) / row.photo_width) : undefined;
        return (
          <a href={row.photo.url} target="_blank" rel="noopener noreferrer" className={styles.thumbLink}>
            <img
              src={thumb.url}
              width={THUMB_WIDTH}
              height={height}
              loading="lazy"
              decoding="async"
              alt={t('Photo of {{name}} (opens the photo)', { name: row.name })}
              className={styles.thumb}
            />
          </a>
        );
      },
      nowrap: true,
    },
    {
      key: 'name',
      header: t('Name'),
      cell: (row) => (
        <div className={styles.stack}>
          <span className={styles.name}>{row.name}</span>
          <span>
            {t(labelOf(profileForLabels, row.profile_for))} · {t(labelOf(genderLabels, row.gender))}
          </span>
          <span className={styles.detail}>
            {date(row.dob)} · {t('{{age}} years', { age: digits(row.age) })}
          </span>
        </div>
      ),
      sortable: true,
    },
    {
      key: 'contact',
      header: t('Contact'),
      cell: (row) => (
        <div className={styles.stack}>
          <a href={`mailto:${row.email}`}>{row.email}</a>
          <a href={`tel:+91${row.mobile}`}>{codeText(row.mobile)}</a>
        </div>
      ),
    },
    {
      key: 'details',
      header: t('Details'),
      cell: (row) => (
        <div className={styles.stack}>
          <span>{[row.religion, row.caste].filter(Boolean).join(', ')}</span>
          <span>{row.location}</span>
          {row.biodata ? (
            <a href={row.biodata.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('View BioData')}: ${row.name}`}>
              {t('View BioData')}
            </a>
          ) : (
            <span className={styles.detail}>{t('No biodata')}</span>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('Status'),
      cell: (row) => (
        <div className={styles.stack}>
          <span className={row.status === 'uploaded' ? styles.uploaded : styles.pending}>{t(statusLabels[row.status])}</span>
          {row.status === 'uploaded' && row.uploaded_at ? <span className={styles.detail}>{date(row.uploaded_at)}</span> : null}
          <span className={styles.step}>{nextStep(row)}</span>
        </div>
      ),
      sortable: true,
    },
    { key: 'created', header: t('Registered on'), cell: (row) => date(row.created_at), nowrap: true, sortable: true },
  ];

  return (
    <AdminPage
      title={t('Matrimonial Profiles')}
      intro={t('Profiles registered through the Create Profile form. A profile is shown to signed-in users of the matrimonial section only after it is uploaded to the Matches gallery.')}
    >
      <AdminNotice notice={notice} />
      <div className={styles.filters}>
        <SelectField
          label={t('Status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ProfileStatus | '')}
          options={[
            { value: '', label: t('All') },
            { value: 'pending', label: t('Pending') },
            { value: 'uploaded', label: t('Uploaded') },
          ]}
        />
      </div>
      <AdminTable
        label={t('Matrimonial Profiles')}
        columns={columns}
        load={load}
        filters={{ status }}
        exports={profileExports}
        onDelete={(row) => deleteProfile(row.id)}
        deleteConfirmation={t('Are you sure you want to delete this profile?')}
        describe={(row) => [row.name, row.email, `${t('Registered on')}: ${formatAdminDate(row.created_at, lang, false)}`]}
        deletedMessage={t('Profile deleted successfully')}
        deleteFailedMessage={(message) => t('Error deleting profile: {{message}}', { message: message ?? t('Server error') })}
        onDeleted={() => setNotice(null)}
        emptyMessage={t('No profiles found.')}
        rowLabel={(row) => row.name}
        rowActions={(row) => (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${t('Edit')}: ${row.name}`}
            onClick={() => {
              setNotice(null);
              setEditing(row);
            }}
          >
            {t('Edit')}
          </Button>
        )}
        reloadKey={reloadKey}
        defaultSort="-created"
      />
      {editing ? (
        <ProfileEditor
          key={editing.id}
          profile={editing}
          hidden={resettingPassword}
          onResetPassword={isOwner && editing.account_id != null ? () => setResettingPassword(true) : undefined}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice({ kind: 'success', text: t('Profile updated successfully') });
            reload();
          }}
          onMissing={() => {
            setEditing(null);
            setNotice({ kind: 'error', text: t('Error updating profile: {{message}}', { message: t('Not found') }) });
            reload();
          }}
        />
      ) : null}
      {editing && resettingPassword && editing.account_id != null ? (
        <MemberPasswordDialog
          profile={{ ...editing, account_id: editing.account_id }}
          onClose={() => setResettingPassword(false)}
          onDone={() => {
            setResettingPassword(false);
            setEditing(null);
            setNotice({ kind: 'success', text: t('The member’s password has been reset. Tell it to them in person or by phone.') });
          }}
        />
      ) : null}
    </AdminPage>
  );
}
