/**
 * /myProfile: a signed-in member's own profiles (otherwise the login, which comes back here).
 * Each says whether the board has checked it (pending: "Waiting for the board's review";
 * uploaded: "Shown to members"), with its number, its details and its contact details (which only
 * the board sees). Edit opens the Create Profile form filled in (`?edit=<id>`, so Back closes it);
 * saving sends the profile back to the board's review. Delete, after a question with clear
 * choices, erases the profile with its photo and biodata (the member's right to erase their
 * data). An empty list offers "Create a profile". A profile the board uploads or takes away while
 * the page is open changes in place.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { LoadProblem } from '@/components/ui/LoadProblem';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { useRealtime } from '@/lib/realtime';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { MemberRefused, clearMemberToken, eraseOwnProfile, fetchOwnProfiles, getMemberToken, saveOwnProfile, type OwnProfile } from '../api';
import { genderLabels, labelOf, profileForLabels, profileValues } from '../fields';
import { ProfileForm, type ProfileSend } from './CreateProfilePage';
import type { LoginState } from './LoginPage';
import { loginAndReturn } from './loginReturn';
import { useHandedState } from './useHandedState';
import shared from './Matrimony.module.css';
import styles from './MyProfilePage.module.css';

/** What other pages hand to /myProfile: a message to show (an i18n key), e.g. after Create Profile. */
export type MyProfileState = { message?: string; detail?: string } | null;

/** A profile's status in words (i18n keys). */
export const statusWords: Record<OwnProfile['status'], string> = {
  pending: i18nKey('Waiting for the board’s review'),
  uploaded: i18nKey('Shown to members'),
};

export default function MyProfilePage() {
  // Read once: signing out (or a refused token) leaves the page for the login itself.
  const [token] = useState(getMemberToken);
  if (!token) {
    const state: LoginState = { message: i18nKey('Please log in to see your profiles.') };
    return <Navigate to={loginAndReturn(paths.myProfile)} replace state={state} />;
  }
  return <MyProfiles token={token} />;
}

type Notice = { kind: 'success' | 'error'; message: string; detail?: string } | null;

function MyProfiles({ token }: { token: string }) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const navigate = useNavigate();
  const title = t('My profile');
  usePageTitle(title);
  const handed = useHandedState<MyProfileState>();
  const [notice, setNotice] = useState<Notice>(handed?.message ? { kind: 'success', message: handed.message, detail: handed.detail } : null);
  const [profiles, setProfiles] = useState<OwnProfile[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const [erasing, setErasing] = useState<OwnProfile | null>(null);
  const [eraseBusy, setEraseBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const editId = Number(params.get('edit'));
  const editing = profiles?.find((profile) => profile.id === editId) ?? null;
  const noticeRef = useRef<HTMLDivElement>(null);

  const signOut = useCallback(
    (state: LoginState = null) => {
      clearMemberToken();
      navigate(paths.loginUser, { replace: true, state });
    },
    [navigate],
  );
  const ended = useCallback(() => signOut({ message: i18nKey('Your session has ended. Please log in again.') }), [signOut]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchOwnProfiles(token, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setProfiles(list);
        setFailed(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof MemberRefused) {
          ended();
          return;
        }
        console.error('Loading the own profiles failed', error);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [token, round, ended]);

  // The board uploads one of these profiles, or takes it away: its status changes in place.
  useRealtime((event) => {
    if ((event.type === 'profileUploaded' || event.type === 'profileDeleted') && profiles?.some((p) => p.id === event.id)) reload();
  });

  // A message the page shows after a change is read out and scrolled to.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const closeEditor = () => setParams({}, { replace: true });

  const confirmErase = async () => {
    if (!erasing) return;
    setEraseBusy(true);
    try {
      const outcome = await eraseOwnProfile(token, erasing.id);
      if (outcome === 'gone') {
        setProfiles((list) => list?.filter((p) => p.id !== erasing.id) ?? list);
        setNotice({ kind: 'success', message: i18nKey('The profile, its photo and its biodata have been deleted.') });
      } else {
        setNotice({ kind: 'error', message: i18nKey('The profile could not be deleted. Please try again.') });
      }
      setErasing(null);
    } catch (error) {
      if (error instanceof MemberRefused) ended();
    } finally {
      setEraseBusy(false);
    }
  };

  const noticeBox = notice ? (
    <div
      ref={noticeRef}
      tabIndex={-1}
      className={notice.kind === 'success' ? shared.success : `message-error ${shared.failure}`}
      role={notice.kind === 'success' ? 'status' : 'alert'}
    >
      <p className={shared.strong}>{t(notice.message)}</p>
      {notice.detail ? <p>{t(notice.detail)}</p> : null}
    </div>
  ) : null;

  if (editing) {
    const send: ProfileSend = (values, files, onProgress) => saveOwnProfile(token, editing.id, values, files, onProgress);
    return (
      <div className={`container page ${shared.page}`}>
        <h1>{title}</h1>
        <section className={`form-card ${shared.card} ${shared.wide}`} aria-labelledby="edit-profile-title">
          <h2 id="edit-profile-title" className={shared.cardTitle}>
            {t('Correct profile no. {{id}}', { id: digits(editing.id) })}
          </h2>
          <p className={shared.note} role="note">
            {t('Saving sends the profile back to the board’s review: members do not see it until the board has checked it again.')}
          </p>
          <ProfileForm
            key={editing.id}
            initial={profileValues(editing)}
            stored={editing}
            send={send}
            submitLabel={t('Save and send for review')}
            onSaved={(saved) => {
              const profile = saved as OwnProfile;
              setProfiles((list) => list?.map((p) => (p.id === profile.id ? profile : p)) ?? list);
              setNotice({ kind: 'success', message: i18nKey('Profile saved. It is waiting for the board’s review again.') });
              closeEditor();
            }}
            onTokenRefused={ended}
            onRefused={(status) => {
              if (status !== 404) return false;
              setNotice({ kind: 'error', message: i18nKey('This profile no longer exists.') });
              closeEditor();
              reload();
              return true;
            }}
            extraButtons={
              <Button variant="secondary" onClick={closeEditor}>
                {t('Cancel')}
              </Button>
            }
          />
        </section>
      </div>
    );
  }

  let list;
  if (failed) list = <LoadProblem onRetry={reload} />;
  else if (profiles === null) list = <Loading />;
  else if (profiles.length === 0)
    list = (
      <EmptyState message={t('You have no profile yet.')}>
        <ButtonLink to={paths.profileCard} variant="primary">
          {t('Create a profile')}
        </ButtonLink>
      </EmptyState>
    );
  else
    list = (
      <ul className={styles.list} aria-label={t('Your profiles')}>
        {profiles.map((profile) => (
          <li key={profile.id}>
            <OwnProfileCard
              profile={profile}
              onEdit={() => {
                setNotice(null);
                setParams({ edit: String(profile.id) });
              }}
              onDelete={() => {
                setNotice(null);
                setErasing(profile);
              }}
              onPhotoFailed={reload}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <div className={`container page ${shared.page}`}>
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.actions}>
          <ButtonLink to={paths.matches} variant="secondary">
            {t('Matches')}
          </ButtonLink>
          <Button variant="secondary" onClick={() => signOut()}>
            {t('Logout')}
          </Button>
        </div>
      </div>
      {noticeBox}
      <p className={shared.intro}>{t('The profiles of your account. The board checks every profile before members see it, and checks it again after a correction.')}</p>
      {list}
      {profiles && profiles.length > 0 ? (
        <p className={styles.more}>
          <ButtonLink to={paths.profileCard} variant="secondary">
            {t('Create another profile')}
          </ButtonLink>
        </p>
      ) : null}
      <ConfirmDialog
        open={erasing !== null}
        message={t('Delete this profile for good? Its photo and biodata are deleted with it, and this cannot be undone.')}
        details={erasing ? [erasing.name, t('Profile no. {{id}}', { id: digits(erasing.id) })] : []}
        confirmLabel={t('Delete profile')}
        dismissLabel={t('Keep profile')}
        busy={eraseBusy}
        onConfirm={() => void confirmErase()}
        onCancel={() => setErasing(null)}
      />
    </div>
  );
}

/** One of the member's profiles: photo, number, status in words, details, contact details, Edit and Delete. */
function OwnProfileCard({ profile, onEdit, onDelete, onPhotoFailed }: { profile: OwnProfile; onEdit: () => void; onDelete: () => void; onPhotoFailed: () => void }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const nameId = useId();
  const photo = profile.photo_thumb ?? profile.photo;
  // A photo whose link ran out is read again once, not in a loop.
  const retried = useRef(false);
  const rows: Array<[string, React.ReactNode]> = [
    [t('Profile for'), t(labelOf(profileForLabels, profile.profile_for))],
    [t('Gender'), t(labelOf(genderLabels, profile.gender))],
    [t('Date of birth'), <time dateTime={profile.dob}>{formatDate(profile.dob, lang)}</time>],
    [t('Location'), profile.location],
    [t('Email'), profile.email],
    [t('Mobile number'), `+91 ${digits(profile.mobile)}`],
  ];
  return (
    <article className={styles.card} aria-labelledby={nameId} data-testid="own-profile">
      <div className={styles.photo}>
        {photo ? (
          <img
            src={photo.url}
            width={120}
            height={150}
            alt={t('Photo of {{name}}', { name: profile.name })}
            onError={() => {
              if (retried.current) return;
              retried.current = true;
              onPhotoFailed();
            }}
          />
        ) : (
          <span className={styles.noPhoto}>{t('No Photo')}</span>
        )}
      </div>
      <div className={styles.body}>
        <h2 id={nameId} className={styles.name}>
          {profile.name}
        </h2>
        <p className={styles.number}>{t('Profile no. {{id}}', { id: digits(profile.id) })}</p>
        <p className={profile.status === 'uploaded' ? styles.shown : styles.pending} data-testid="profile-status">
          {t(statusWords[profile.status])}
        </p>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.private}>{t('Only the board sees the e-mail address and the mobile number.')}</p>
        <div className={styles.buttons}>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`${t('Edit')}: ${profile.name}`}>
            {t('Edit')}
          </Button>
          <Button variant="danger" size="sm" onClick={onDelete} aria-label={`${t('Delete')}: ${profile.name}`}>
            {t('Delete')}
          </Button>
        </div>
      </div>
    </article>
  );
}
