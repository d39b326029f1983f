/**
 * Capacity and closed dates (issue 7): rooms per room type and bookings per puja per day (empty
 * means no limit), the booking policy (issue 22 §2, saved with them: `PolicyFields`), and the
 * blocked dates per kind with their reason (checked with the server's `blockedDate` rules before
 * sending). The server refuses any booking beyond these; this page only edits them.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { SelectField, TextField } from '@/components/ui/TextField';
import { errorText, fieldErrors } from '@/lib/api';
import { i18nKey, latinDigits } from '@/lib/text';
import { validationRules } from '@/lib/rules';
import { useLanguage } from '@/lib/useLanguage';
import { todayInIndia, validateForm } from '@/lib/validation';
import { formatBookingDate } from '../dates';
import { roomTypeLabels } from './AdminBookings';
import {
  addBlockedDate,
  bookingKindFacts,
  bookingKinds,
  byKind,
  loadBlockedDates,
  loadCapacity,
  pujaKinds,
  removeBlockedDate,
  roomTypes,
  saveCapacity,
  type BlockedDate,
  type BlockedDateInput,
  type BookingKind,
  type Capacity,
} from './api';
import styles from './AdminCapacity.module.css';
import { PolicyFields } from './PolicyFields';
import { draftPathOf, draftProblems, fromDraft, toDraft, type PolicyDraft } from './policyDraft';

/** Each kind's name (an i18n key): its booking page's title. */
export const kindLabels = byKind((kind) => bookingKindFacts[kind].title);

/** The form keeps text; the server takes a whole number of at least 0, or null for no limit. */
type Limits = Record<string, string>;

const toLimits = (capacity: Capacity): Limits => {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    ...Object.fromEntries(roomTypes.map((type) => [type, text(capacity.rooms[type])])),
    ...Object.fromEntries(pujaKinds.map((kind) => [kind, text(capacity.pujas_per_day[kind])])),
  };
};

/** The server takes 0 to 10 000 (capacity.rs). */
const MAX_LIMIT = 10_000;
/** Devanagari digits (०–९) count as the digits they are, as everywhere on the site. */
const limitValid = (value: string) => {
  const text = latinDigits(value.trim());
  return text === '' || (/^[0-9]{1,5}$/.test(text) && Number(text) <= MAX_LIMIT);
};
const toNumber = (value: string) => (latinDigits(value.trim()) === '' ? null : Number(latinDigits(value.trim())));

/** The limit a server field names (`rooms.deluxe`, `pujas_per_day.shitaladevi`). */
const limitOfField = (field: string) => field.replace(/^(rooms|pujas_per_day)\./, '');

const MESSAGE_LIMIT = i18nKey('Enter a whole number up to 10000, or leave empty for no limit.');

export default function AdminCapacity() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [limits, setLimits] = useState<Limits | null>(null);
  const [blocked, setBlocked] = useState<BlockedDate[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [saving, setSaving] = useState(false);
  /** The server's messages per limit, after a refused save; cleared as the field changes. */
  const [limitErrors, setLimitErrors] = useState<Record<string, string>>({});
  /** The booking policy being edited (null when the server sent none), and the server's messages by its paths. */
  const [policy, setPolicy] = useState<PolicyDraft | null>(null);
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [newBlock, setNewBlock] = useState<BlockedDateInput>({ kind: 'room', date: '', reason: '' });
  const [blockErrors, setBlockErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [pendingRemove, setPendingRemove] = useState<BlockedDate | null>(null);
  const [removing, setRemoving] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setState('loading');
    Promise.all([loadCapacity(), loadBlockedDates()]).then(
      ([capacity, dates]) => {
        if (!live) return;
        setLimits(toLimits(capacity));
        setPolicy(capacity.policy ? toDraft(capacity.policy) : null);
        setBlocked(dates);
        setState('ready');
      },
      (error: unknown) => {
        if (!live) return;
        console.error('Loading the capacity failed', error);
        setState('error');
      },
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!limits || !Object.values(limits).every(limitValid)) return;
    if (policy && Object.keys(draftProblems(policy)).length > 0) return;
    setSaving(true);
    setNotice(null);
    setLimitErrors({});
    setPolicyErrors({});
    try {
      const saved = await saveCapacity({
        rooms: { standard: toNumber(limits.standard), deluxe: toNumber(limits.deluxe), suite: toNumber(limits.suite) },
        pujas_per_day: Object.fromEntries(pujaKinds.map((kind) => [kind, toNumber(limits[kind])])) as Capacity['pujas_per_day'],
        ...(policy ? { policy: fromDraft(policy) } : {}),
      });
      setLimits(toLimits(saved));
      if (saved.policy) setPolicy(toDraft(saved.policy));
      setNotice({ kind: 'success', text: t('Capacity saved.') });
    } catch (error) {
      const fields = Object.entries(fieldErrors(error));
      const ofPolicy = fields.filter(([field]) => draftPathOf(field) !== null);
      const ofLimits = fields.filter(([field]) => draftPathOf(field) === null);
      setPolicyErrors(Object.fromEntries(ofPolicy.map(([field, message]) => [draftPathOf(field)!, message])));
      setLimitErrors(Object.fromEntries(ofLimits.map(([field, message]) => [limitOfField(field), message])));
      // The messages stand under their fields; a refusal without them is said above the form.
      if (fields.length === 0) setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not save. Please try again.'))) });
    } finally {
      setSaving(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own rules for a closed date (DESIGN §4: one source of rules).
    const errors = validateForm(validationRules.blockedDate, newBlock);
    setBlockErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setAdding(true);
    setNotice(null);
    try {
      const row = await addBlockedDate({ ...newBlock, reason: newBlock.reason.trim() });
      setBlocked((rows) => [...rows, row].sort((a, b) => a.date.localeCompare(b.date)));
      setNewBlock((current) => ({ ...current, date: '', reason: '' }));
      setNotice({ kind: 'success', text: t('Closed date added.') });
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setBlockErrors(fields);
      else setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not save. Please try again.'))) });
    } finally {
      setAdding(false);
    }
  };

  const confirmRemove = async () => {
    if (!pendingRemove) return;
    const row = pendingRemove;
    setRemoving(true);
    try {
      await removeBlockedDate(row.id);
      setBlocked((rows) => rows.filter((r) => r.id !== row.id));
      setNotice({ kind: 'success', text: t('Deleted successfully.') });
    } catch (error) {
      setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not delete. Please try again.'))) });
    } finally {
      setRemoving(false);
      setPendingRemove(null);
    }
  };

  const formatDate = (value: string) => formatBookingDate(value, lang);

  const limitField = (name: string, label: string) => {
    const message = limits && !limitValid(limits[name]) ? MESSAGE_LIMIT : limitErrors[name];
    return (
      <TextField
        key={name}
        label={label}
        inputMode="numeric"
        value={limits?.[name] ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          setLimits((current) => ({ ...(current ?? {}), [name]: value }));
          setLimitErrors(({ [name]: _changed, ...others }) => others);
        }}
        error={message ? t(message) : undefined}
        hint={t('Empty = no limit')}
      />
    );
  };

  /** A new value of the policy; the server's message for the field goes with the old value. */
  const changePolicy = (path: string, value: string) => {
    setPolicy((current) => (current ? { ...current, [path]: value } : current));
    setPolicyErrors(({ [path]: _changed, ...others }) => others);
  };
  const policyProblems = policy ? draftProblems(policy) : {};
  const policyMessages = Object.fromEntries(
    Object.keys(policy ?? {}).map((path) => {
      const message = policyProblems[path] ?? policyErrors[path];
      return [path, message ? t(message) : undefined];
    }),
  );

  /** A new value for the closed-date form; the field's old message goes with the old value. */
  const changeBlock = <K extends keyof BlockedDateInput>(name: K, value: BlockedDateInput[K]) => {
    setNewBlock((current) => ({ ...current, [name]: value }));
    setBlockErrors(({ [name]: _changed, ...others }) => others);
  };

  let body;
  if (state === 'loading') body = <Loading />;
  else if (state === 'error' || !limits)
    body = (
      <div role="alert" className={styles.problem}>
        <p>{t('Could not load the list. Please check your connection and try again.')}</p>
        <Button variant="secondary" onClick={() => setReloads((n) => n + 1)}>
          {t('Try again')}
        </Button>
      </div>
    );
  else
    body = (
      <>
        <form noValidate onSubmit={(event) => void save(event)} className={styles.section}>
          <fieldset className={styles.group}>
            <legend>{t('Rooms per room type')}</legend>
            {roomTypes.map((type) => limitField(type, t(roomTypeLabels[type])))}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('Pujas per day')}</legend>
            {pujaKinds.map((kind) => limitField(kind, t(kindLabels[kind])))}
          </fieldset>
          {policy ? <PolicyFields draft={policy} messages={policyMessages} onChange={changePolicy} /> : null}
          <Button type="submit" busy={saving}>
            {t('Save capacity')}
          </Button>
        </form>

        <section className={styles.section} aria-labelledby="closed-dates-title">
          <h2 id="closed-dates-title" className={styles.heading}>
            {t('Closed dates')}
          </h2>
          <form noValidate onSubmit={(event) => void add(event)} className={styles.addForm}>
            <SelectField
              label={t('Booking')}
              value={newBlock.kind}
              onChange={(event) => changeBlock('kind', event.target.value as BookingKind)}
              options={bookingKinds.map((kind) => ({ value: kind, label: t(kindLabels[kind]) }))}
              error={blockErrors.kind ? t(blockErrors.kind) : undefined}
            />
            <TextField
              label={t('Date')}
              type="date"
              required
              min={todayInIndia()}
              value={newBlock.date}
              onChange={(event) => changeBlock('date', event.target.value)}
              error={blockErrors.date ? t(blockErrors.date) : undefined}
            />
            <TextField
              label={t('Reason')}
              required
              maxLength={200}
              value={newBlock.reason}
              onChange={(event) => changeBlock('reason', event.target.value)}
              error={blockErrors.reason ? t(blockErrors.reason) : undefined}
            />
            <Button type="submit" busy={adding}>
              {t('Add closed date')}
            </Button>
          </form>
          {blocked.length === 0 ? (
            <EmptyState message={t('No closed dates')} />
          ) : (
            <ul className={styles.list}>
              {blocked.map((row) => (
                <li key={row.id} className={styles.item}>
                  <time className={styles.date} dateTime={row.date}>
                    {formatDate(row.date)}
                  </time>
                  <span>{t(kindLabels[row.kind])}</span>
                  <span className={styles.reason}>{row.reason}</span>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`${t('Remove')}: ${formatDate(row.date)} ${t(kindLabels[row.kind])}`}
                    onClick={() => {
                      setNotice(null);
                      setPendingRemove(row);
                    }}
                  >
                    {t('Remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );

  return (
    <AdminPage title={t('Capacity and closed dates')} intro={t('Bookings beyond these limits or on a closed date are refused.')}>
      <AdminNotice notice={notice} />
      {body}
      <ConfirmDialog
        open={pendingRemove !== null}
        message={t('Remove this closed date?')}
        details={pendingRemove ? [formatDate(pendingRemove.date), pendingRemove.reason] : undefined}
        confirmLabel={t('Remove')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          if (!removing) setPendingRemove(null);
        }}
        busy={removing}
      />
    </AdminPage>
  );
}
