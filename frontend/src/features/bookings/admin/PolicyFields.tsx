/**
 * The booking policy's fields on the capacity page (issue 22 §2): guests per room type, the
 * longest stay, the days ahead, participants per puja and each puja's first and last time (every
 * half hour of the day, said the page's way). The page keeps the draft and saves it with the
 * capacity; `messages` are the translated messages by the draft's path.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/TextField';
import { formatTime } from '@/lib/dates';
import { useLanguage } from '@/lib/useLanguage';
import { halfHours } from '../policy';
import { roomTypeLabels } from './AdminBookings';
import { bookingKindFacts, pujaKinds, roomTypes } from './api';
import { boundsOf, type PolicyDraft } from './policyDraft';
import styles from './AdminCapacity.module.css';

type Props = {
  draft: PolicyDraft;
  messages: Record<string, string | undefined>;
  onChange: (path: string, value: string) => void;
};

/** A label whose visible words are `visible`, named for screen readers with its group first ("Guests: Suite"). */
function named(group: string, visible: string): ReactNode {
  return (
    <>
      <span className="visually-hidden">{group}: </span>
      {visible}
    </>
  );
}

export function PolicyFields({ draft, messages, onChange }: Props) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const times = halfHours().map((value) => ({ value, label: formatTime(value, lang) }));

  const numberField = (path: string, label: ReactNode) => {
    const { min, max } = boundsOf(path);
    return (
      <TextField
        key={path}
        label={label}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={draft[path] ?? ''}
        onChange={(event) => onChange(path, event.target.value)}
        hint={t('From {{min}} to {{max}}', { min: digits(min), max: digits(max) })}
        error={messages[path]}
      />
    );
  };

  const timeField = (path: string, label: ReactNode) => (
    <SelectField key={path} label={label} value={draft[path] ?? ''} options={times} onChange={(event) => onChange(path, event.target.value)} error={messages[path]} />
  );

  return (
    <section className={styles.policy} aria-labelledby="booking-policy-title">
      <h2 id="booking-policy-title" className={styles.heading}>
        {t('Booking policy')}
      </h2>
      <p className={styles.intro}>{t('What one booking may ask for: the booking forms explain it, and a booking beyond it is refused.')}</p>
      <fieldset className={styles.group}>
        <legend>{t('Guests per booking')}</legend>
        {roomTypes.map((type) => numberField(`guests_per_room.${type}`, named(t('Guests'), t(roomTypeLabels[type]))))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('Stays and dates')}</legend>
        {numberField('longest_stay_nights', t('Longest stay (nights)'))}
        {numberField('days_ahead', t('Days ahead a booking may be made'))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('Participants per puja')}</legend>
        {pujaKinds.map((kind) => numberField(`participants_per_puja.${kind}`, named(t('Participants'), t(bookingKindFacts[kind].title))))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('Puja hours (the first and the last time a puja may start)')}</legend>
        {pujaKinds.map((kind) => {
          const puja = t(bookingKindFacts[kind].title);
          return (
            <fieldset key={kind} className={styles.hours}>
              <legend>{puja}</legend>
              {timeField(`puja_hours.${kind}.first`, named(puja, t('First time')))}
              {timeField(`puja_hours.${kind}.last`, named(puja, t('Last time')))}
            </fieldset>
          );
        })}
      </fieldset>
    </section>
  );
}
