import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import { useLanguage } from '@/lib/useLanguage';
import type { PublicProfile } from '../api';
import { genderLabels, labelOf, profileForLabels } from '../fields';
import { linkExpired } from '../useMatches';
import { AskTheBoard } from './AskTheBoard';
import styles from './ProfileCard.module.css';

/** The card photo's box (CSS keeps the same 4:5 ratio), so nothing moves while it loads. */
const PHOTO_BOX = { width: 320, height: 400 };

type Props = {
  profile: PublicProfile;
  /** Reads the profile again with fresh links; null when it is gone. */
  onRefresh: (id: number) => Promise<PublicProfile | null>;
};

/**
 * One uploaded profile on the matches page (docs/SPECIFICATION.md §2): the photo (or 'No Photo'), name, profile
 * for, gender, date of birth with the age, religion, caste, occupation, education, location,
 * height, about and the 'View BioData' link. No contact details exist here to show: the card
 * gives the profile's number and how to ask the matchmaking board about it.
 */
export function ProfileCard({ profile, onRefresh }: Props) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const nameId = useId();
  // A photo whose link ran out is read again once, not in a loop.
  const photoRetried = useRef(false);
  const photo = profile.photo_thumb ?? profile.photo;

  const onPhotoError = () => {
    if (photoRetried.current) return;
    photoRetried.current = true;
    void onRefresh(profile.id);
  };

  // An expired biodata link is replaced by a fresh one before the tab opens.
  const openBiodata = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!linkExpired(profile.biodata)) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    void onRefresh(profile.id).then((fresh) => {
      const url = fresh?.biodata?.url;
      if (tab && url) {
        tab.opener = null;
        tab.location.href = url;
      } else tab?.close();
    });
  };

  const rows: Array<[string, ReactNode]> = [
    [t('Profile for'), t(labelOf(profileForLabels, profile.profile_for))],
    [t('Gender'), t(labelOf(genderLabels, profile.gender))],
    [
      t('Date of birth'),
      <>
        <time dateTime={profile.dob}>{formatDate(profile.dob, lang)}</time> {t('({{age}} years)', { age: digits(profile.age) })}
      </>,
    ],
    [t('Religion'), profile.religion],
    [t('Caste'), profile.caste],
    [t('Occupation'), profile.occupation],
    [t('Education'), profile.education],
    [t('Location'), profile.location],
    [t('Height'), profile.height],
  ];
  const about = profile.about?.trim();

  return (
    <article className={styles.card} aria-labelledby={nameId} data-testid="profile-card">
      <div className={styles.photo}>
        {photo ? (
          <img
            src={photo.url}
            width={PHOTO_BOX.width}
            height={PHOTO_BOX.height}
            alt={t('Photo of {{name}}', { name: profile.name })}
            loading="lazy"
            decoding="async"
            onError={onPhotoError}
            onLoad={() => {
              photoRetried.current = false;
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
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {about ? (
          <div className={styles.about}>
            <h3 className={styles.aboutTitle}>{t('About the bride or groom')}</h3>
            <p>{about}</p>
          </div>
        ) : null}
        {profile.biodata ? (
          <a className={styles.biodata} href={profile.biodata.url} target="_blank" rel="noopener noreferrer" aria-describedby={nameId} onClick={openBiodata}>
            {t('View BioData')}
          </a>
        ) : (
          <p className={styles.noBiodata}>{t('No biodata given')}</p>
        )}
        <AskTheBoard id={profile.id} />
      </div>
    </article>
  );
}
