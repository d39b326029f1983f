import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField';
import { MOBILE_MAX_LENGTH, i18nKey, latinDigits } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useToday } from '@/lib/useToday';
import { useTooMany } from '@/lib/tooMany';
import { useForm, validateField } from '@/lib/validation';
import { saveBlob } from '@/lib/download';
import { fetchAvailability, submitBooking, type Availability, type BookingBody } from '../api';
import { unavailableMessage } from '../availability';
import { addDays, formatBookingDates } from '../dates';
import { MARKANDEYA_PUJA_TYPES, ROOM_TYPES, initialValues, kinds, type BookingKind } from '../kinds';
import { DEFAULT_HOURS, latestDate } from '../policy';
import { policyText } from '../policyText';
import { usePolicy } from '../usePolicy';
import { BookingDone, type Done } from './BookingDone';
import styles from './BookingForm.module.css';
import { PujaTimeField } from './PujaTimeField';

/** Labels of every field (i18n keys). */
const labels: Record<string, string> = {
  fullName: i18nKey('Full name'),
  email: i18nKey('Email'),
  phone: i18nKey('Phone'),
  checkIn: i18nKey('Check-in date'),
  checkOut: i18nKey('Check-out date'),
  guests: i18nKey('Number of guests'),
  roomType: i18nKey('Room type'),
  pujaDate: i18nKey('Puja date'),
  pujaTime: i18nKey('Puja time'),
  pujaType: i18nKey('Puja type'),
  gotra: i18nKey('Gotra'),
  participants: i18nKey('Number of participants'),
  specialRequests: i18nKey('Special requests'),
};

const roomTypeLabels: Record<string, string> = {
  standard: i18nKey('Standard'),
  deluxe: i18nKey('Deluxe'),
  suite: i18nKey('Suite'),
};

const pujaTypeLabels: Record<string, string> = {
  Rudrabhishek: i18nKey('Rudrabhishek'),
  'Laghu Rudra': i18nKey('Laghu Rudra'),
  'Maha Rudra': i18nKey('Maha Rudra'),
  'Ekadash Rudra': i18nKey('Ekadash Rudra'),
};

const NUMBER_FIELDS = new Set(['guests', 'participants']);
/** The fields the booking policy limits: a refusal of one may mean the policy changed. */
const POLICY_FIELDS = ['guests', 'checkIn', 'checkOut', 'pujaDate', 'participants', 'pujaTime'];
/** Days ahead the form asks the server about (the contract allows at most 400). */
const AHEAD = 365;

/** One form for the room and the three pujas, driven by the kind's data (kinds.ts). */
export function BookingForm({ kind }: { kind: BookingKind }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const config = kinds[kind];
  const form = useForm(config.rules, initialValues(kind));
  /** `limited`: refused with 429, the failure line says only how long to wait. */
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed' | 'limited'>('idle');
  const [failure, setFailure] = useState('');
  const honeypot = useHoneypot();
  const tooMany = useTooMany();
  const [done, setDone] = useState<Done | null>(null);
  const [availability, setAvailability] = useState<Availability>({ full: [], blocked: [] });
  /** Bumped when the server refused a date (409), so that the full and closed days are asked again. */
  const [refusals, setRefusals] = useState(0);
  const today = useToday();
  const { policy, reload: reloadPolicy } = usePolicy();
  // The select offers only the room types; anything else asks about every type.
  const roomType = ROOM_TYPES.find((type) => type === form.values.roomType);

  useEffect(() => {
    let live = true;
    fetchAvailability(kind, today, addDays(today, AHEAD), kind === 'room' ? roomType : undefined).then((found) => {
      if (live) setAvailability(found);
    });
    return () => {
      live = false;
    };
  }, [kind, roomType, today, refusals]);

  const unavailable = useMemo(() => unavailableMessage(kind, form.values, availability, t, lang), [kind, form.values, availability, t, lang]);
  const closedSoon = useMemo(
    () => [...new Set([...availability.full, ...availability.blocked.map((b) => b.date)])].sort().slice(0, 8),
    [availability],
  );

  // The policy's hints, and its own check of the values (translated; the server's English is the fallback).
  const limits = useMemo(() => policyText(kind, form.values, policy, today, t, lang), [kind, form.values, policy, today, t, lang]);

  const error = (name: string): string | undefined => {
    // The rules first (a count that is no number); then the policy; then what the server said.
    const beyond = limits.problems[name];
    if (beyond && !validateField(config.rules, name, form.values)) return beyond;
    if (form.errors[name]) return t(form.errors[name]);
    if (name === config.dateField && unavailable) return unavailable;
    return undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (!form.validate() || unavailable || Object.keys(limits.problems).length > 0) {
      setStatus('idle');
      return;
    }
    setStatus('sending');
    const body: BookingBody = {};
    for (const name of config.fields) {
      const value = (form.values[name] ?? '').trim();
      // A count typed with a Marathi keyboard (४) is the number it says.
      body[name] = NUMBER_FIELDS.has(name) ? Number(latinDigits(value)) : value;
    }
    body.website = honeypot.value();
    const result = await submitBooking(config, body);
    if (result.ok) {
      saveBlob(result.pdf, result.fileName);
      setDone({ reference: result.reference, code: result.code, fileName: result.fileName, pdf: result.pdf });
      setStatus('idle');
      form.reset();
      return;
    }
    // What was typed stays for the next try.
    form.setServerErrors(result.fields);
    if (result.status === 409) setRefusals((n) => n + 1);
    // A limit the form did not know: the policy changed since it was read.
    if (result.status === 422 && POLICY_FIELDS.some((name) => name in result.fields)) reloadPolicy();
    const limited = tooMany(result);
    setFailure(limited ?? (result.error && Object.keys(result.fields).length === 0 ? t(result.error) : ''));
    setStatus(limited ? 'limited' : 'failed');
  };

  const latest = latestDate(policy, today);

  if (done) return <BookingDone kind={kind} done={done} onAnother={() => setDone(null)} />;

  const input = (name: string) => {
    // The policy's limit, and the coming full or closed days, are the field's hint, so screen readers hear them too.
    const closed =
      name === config.dateField && closedSoon.length > 0 ? t('Not available: {{dates}}', { dates: formatBookingDates(closedSoon, lang) }) : '';
    const parts = [limits.hints[name], closed].filter(Boolean);
    const hint =
      parts.length === 0 ? undefined : (
        <>
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? ' ' : null}
              <span>{part}</span>
            </Fragment>
          ))}
        </>
      );
    const common = { ...form.field(name), error: error(name), hint, label: t(labels[name]) };
    switch (name) {
      case 'fullName':
        return <TextField {...common} autoComplete="name" required />;
      case 'email':
        return <TextField {...common} type="email" autoComplete="email" inputMode="email" required />;
      case 'phone':
        // A leading 0 or +91, spaces and dashes are fine (the rule and the server take them).
        return <TextField {...common} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={MOBILE_MAX_LENGTH} required />;
      case 'checkIn':
      case 'pujaDate':
        return <TextField {...common} type="date" min={today} max={latest} required />;
      case 'checkOut': {
        // The stay's nights from the check-in (or from the first day one may arrive).
        const arrival = form.values.checkIn || today;
        return <TextField {...common} type="date" min={addDays(arrival, 1)} max={addDays(form.values.checkIn || latest, policy.longest_stay_nights)} required />;
      }
      case 'pujaTime':
        return <PujaTimeField {...common} hours={policy.puja_hours[kind] ?? DEFAULT_HOURS} required />;
      case 'guests':
      case 'participants':
        // Text with the digit keyboard: a number field would refuse Devanagari digits.
        return <TextField {...common} inputMode="numeric" autoComplete="off" maxLength={4} required />;
      case 'roomType':
        return <SelectField {...common} options={ROOM_TYPES.map((value) => ({ value, label: t(roomTypeLabels[value]) }))} required />;
      case 'pujaType':
        return kind === 'markandeya' ? (
          <SelectField {...common} options={MARKANDEYA_PUJA_TYPES.map((value) => ({ value, label: t(pujaTypeLabels[value]) }))} />
        ) : (
          <TextField {...common} />
        );
      case 'gotra':
        return <TextField {...common} required />;
      case 'specialRequests':
        return <TextArea {...common} rows={3} maxLength={500} />;
      default:
        return null;
    }
  };

  return (
    <form className={`form-card ${styles.form}`} onSubmit={onSubmit} noValidate aria-labelledby="booking-form-title">
      <h2 id="booking-form-title" className={styles.title}>
        {t('Booking details')}
      </h2>
      {config.fields.map((name) => (
        <div key={name}>{input(name)}</div>
      ))}
      <Honeypot ref={honeypot.ref} />
      <Button type="submit" busy={status === 'sending'}>
        {t('Book now')}
      </Button>
      <p className={styles.failure} role="status" aria-live="polite">
        {status === 'limited' ? failure : status === 'failed' ? [t(config.failure), failure].filter(Boolean).join(': ') : ''}
      </p>
    </form>
  );
}
