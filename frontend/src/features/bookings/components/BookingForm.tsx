import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Honeypot, useHoneypot } from '@/components/ui/Honeypot';
import { SelectField, TextArea, TextField } from '@/components/ui/TextField';
import { formatTime } from '@/lib/dates';
import { MOBILE_MAX_LENGTH, i18nKey, latinDigits } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { useToday } from '@/lib/useToday';
import { useTooMany } from '@/lib/tooMany';
import { useForm } from '@/lib/validation';
import { saveBlob } from '@/lib/download';
import { fetchAvailability, submitBooking, type Availability, type BookingBody } from '../api';
import { unavailableMessage } from '../availability';
import { addDays, formatBookingDates } from '../dates';
import { MARKANDEYA_PUJA_TYPES, ROOM_TYPES, initialValues, kinds, type BookingKind } from '../kinds';
import { BookingDone, type Done } from './BookingDone';
import styles from './BookingForm.module.css';

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

/** Puja times offered in the Marathi list: every quarter hour from 5 in the morning to 9 at night. */
export function pujaTimeChoices(current = ''): string[] {
  const times: string[] = [];
  for (let minutes = 5 * 60; minutes <= 21 * 60; minutes += 15) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  // A time typed before the language was switched stays choosable.
  if (/^\d\d:\d\d$/.test(current) && !times.includes(current)) return [...times, current].sort();
  return times;
}
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

  const error = (name: string): string | undefined => {
    if (form.errors[name]) return t(form.errors[name]);
    if (name === config.dateField && unavailable) return unavailable;
    return undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (!form.validate() || unavailable) {
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
    const limited = tooMany(result);
    setFailure(limited ?? (result.error && Object.keys(result.fields).length === 0 ? t(result.error) : ''));
    setStatus(limited ? 'limited' : 'failed');
  };

  if (done) return <BookingDone kind={kind} done={done} onAnother={() => setDone(null)} />;

  const input = (name: string) => {
    // The coming full or closed days are the date field's hint, so screen readers hear them too.
    const hint =
      name === config.dateField && closedSoon.length > 0
        ? t('Not available: {{dates}}', { dates: formatBookingDates(closedSoon, lang) })
        : undefined;
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
        return <TextField {...common} type="date" min={today} required />;
      case 'checkOut':
        return <TextField {...common} type="date" min={addDays(form.values.checkIn || today, 1)} required />;
      case 'pujaDate':
        return <TextField {...common} type="date" min={today} required />;
      case 'pujaTime':
        // A phone's time picker speaks the phone's language ("AM"/"PM" on most phones), so in
        // Marathi the time is chosen from a list said the Marathi way ("सकाळी ७:३०").
        return lang === 'mr' ? (
          <SelectField
            {...common}
            placeholder={t('Choose a time')}
            options={pujaTimeChoices(form.values.pujaTime).map((value) => ({ value, label: formatTime(value, lang) }))}
            required
          />
        ) : (
          <TextField {...common} type="time" required />
        );
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
