/**
 * The four booking lists of the dashboard (spec §2), one page parameterised by kind: the generic
 * AdminTable with the booked values, date-range and status filters, Cancel (frees the place) and
 * Delete, each confirmed and naming the reference, the exports (of the filtered list, as shown),
 * and a live reload when any administrator or visitor changes bookings of this kind.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SelectField, TextField } from '@/components/ui/TextField';
import { errorText } from '@/lib/api';
import { formatTime } from '@/lib/dates';
import { useRealtime } from '@/lib/realtime';
import { i18nKey } from '@/lib/text';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import { formatBookingDate } from '../dates';
import { BookingDate } from '../components/BookingDate';
import {
  bookingKindFacts,
  bookingLoader,
  byKind,
  cancelBooking,
  deleteBooking,
  exportPaths,
  type BookingFilters,
  type BookingKind,
  type BookingRow,
} from './api';
import styles from './AdminBookings.module.css';

/** Each kind's list title (an i18n key), from the server's table. */
const titles = byKind((kind) => bookingKindFacts[kind].listTitle);

export const roomTypeLabels = {
  standard: i18nKey('Standard'),
  deluxe: i18nKey('Deluxe'),
  suite: i18nKey('Suite'),
};

const statusLabels: Record<string, string> = { confirmed: i18nKey('Confirmed'), cancelled: i18nKey('Cancelled') };

export function AdminBookings({ kind }: { kind: BookingKind }) {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const [filters, setFilters] = useState<BookingFilters>({});
  const [reloadKey, setReloadKey] = useState(0);
  const [pendingCancel, setPendingCancel] = useState<BookingRow | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const load = useMemo(() => bookingLoader(kind), [kind]);

  // A booking, cancel or delete here, in another tab, by another administrator or a visitor.
  useRealtime((event) => {
    if (event.type === 'bookings_updated' && event.kind === kind) setReloadKey((key) => key + 1);
  });

  const date = (value: string | null | undefined) => (value ? <BookingDate date={value} /> : '');

  const common: Array<AdminColumn<BookingRow>> = [
    { key: 'reference', header: t('Reference'), cell: (row) => codeText(row.reference), nowrap: true, sortable: true },
    { key: 'fullName', header: t('Full name'), cell: (row) => row.fullName, sortable: true },
    { key: 'email', header: t('Email'), cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> },
    { key: 'phone', header: t('Phone'), cell: (row) => <a href={`tel:${row.phone}`}>{codeText(row.phone)}</a>, nowrap: true },
  ];
  const booked: Array<AdminColumn<BookingRow>> =
    kind === 'room'
      ? [
          { key: 'date', header: t('Check-in'), cell: (row) => date(row.checkIn), nowrap: true, sortable: 'date' },
          { key: 'checkOut', header: t('Check-out'), cell: (row) => date(row.checkOut), nowrap: true },
          { key: 'guests', header: t('Guests'), cell: (row) => digits(row.guests ?? '') },
          { key: 'roomType', header: t('Room type'), cell: (row) => (row.roomType ? t(roomTypeLabels[row.roomType]) : '') },
        ]
      : [
          { key: 'date', header: t('Puja date'), cell: (row) => date(row.pujaDate), nowrap: true, sortable: 'date' },
          { key: 'pujaTime', header: t('Time'), cell: (row) => formatTime(row.pujaTime ?? '', lang), nowrap: true },
          { key: 'pujaType', header: t('Puja type'), cell: (row) => row.pujaType ?? '' },
          ...(kind === 'markandeya' ? [{ key: 'gotra', header: t('Gotra'), cell: (row: BookingRow) => row.gotra ?? '' }] : []),
          { key: 'participants', header: t('Participants'), cell: (row) => digits(row.participants ?? '') },
        ];
  const columns: Array<AdminColumn<BookingRow>> = [
    ...common,
    ...booked,
    { key: 'specialRequests', header: t('Special requests'), cell: (row) => row.specialRequests ?? '', wide: true },
    {
      key: 'status',
      header: t('Status'),
      cell: (row) => <span className={row.status === 'cancelled' ? styles.cancelled : styles.confirmed}>{statusLabels[row.status] ? t(statusLabels[row.status]) : row.status}</span>,
    },
    { key: 'created_at', header: t('Booked on'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
  ];

  /** What a confirmation shows of a booking: who, the reference, and the booked day. */
  const describeBooking = (row: BookingRow) => {
    const day = kind === 'room' ? row.checkIn : row.pujaDate;
    return [`${row.fullName} · ${row.reference}`, row.email, day ? `${kind === 'room' ? t('Check-in') : t('Puja date')}: ${formatBookingDate(day, lang)}` : null];
  };

  const confirmCancel = async () => {
    if (!pendingCancel) return;
    setCancelling(true);
    try {
      await cancelBooking(kind, pendingCancel.id);
      setNotice({ kind: 'success', text: t('Booking {{reference}} cancelled.', { reference: pendingCancel.reference }) });
      setReloadKey((key) => key + 1);
    } catch (error) {
      setNotice({ kind: 'error', text: t(errorText(error, i18nKey('Could not cancel the booking. Please try again.'))) });
    } finally {
      setCancelling(false);
      setPendingCancel(null);
    }
  };

  const filtered = Boolean(filters.from || filters.to || filters.status);
  const setFilter = (name: keyof BookingFilters, value: string) => setFilters((current) => ({ ...current, [name]: value || undefined }));

  return (
    <AdminPage title={t(titles[kind])}>
      <AdminNotice notice={notice} />
      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{t('Filter bookings')}</legend>
        <TextField label={t('From')} type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => setFilter('from', event.target.value)} />
        <TextField label={t('To')} type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => setFilter('to', event.target.value)} />
        <SelectField
          label={t('Status')}
          value={filters.status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
          options={[
            { value: '', label: t('All') },
            { value: 'confirmed', label: t('Confirmed') },
            { value: 'cancelled', label: t('Cancelled') },
          ]}
        />
        {filtered ? (
          <Button variant="secondary" size="sm" onClick={() => setFilters({})}>
            {t('Clear filters')}
          </Button>
        ) : null}
      </fieldset>
      <AdminTable
        label={t(titles[kind])}
        columns={columns}
        load={load}
        onDelete={(row) => deleteBooking(kind, row.id)}
        deleteConfirmation={t('Are you sure you want to delete this booking?')}
        describe={describeBooking}
        filters={filters}
        exports={exportPaths[kind]}
        emptyMessage={filtered ? t('No matching bookings found') : t('No bookings found')}
        noMatchMessage={t('No matching bookings found')}
        rowLabel={(row) => `${row.reference} ${row.fullName}`}
        rowActions={(row) =>
          row.status === 'confirmed' ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${t('Cancel booking')}: ${row.reference} ${row.fullName}`}
              onClick={() => {
                setNotice(null);
                setPendingCancel(row);
              }}
            >
              {t('Cancel booking')}
            </Button>
          ) : null
        }
        reloadKey={reloadKey}
        defaultSort="-created_at"
      />
      <ConfirmDialog
        open={pendingCancel !== null}
        message={t('Are you sure you want to cancel this booking?')}
        details={pendingCancel ? describeBooking(pendingCancel) : undefined}
        confirmLabel={t('Cancel booking')}
        dismissLabel={t('Keep booking')}
        onConfirm={() => void confirmCancel()}
        onCancel={() => {
          if (!cancelling) setPendingCancel(null);
        }}
        busy={cancelling}
      />
    </AdminPage>
  );
}

/** One page component per kind, for the lazy routes. */
export const bookingPages: Record<BookingKind, React.ComponentType> = byKind((kind) => () => <AdminBookings kind={kind} />);
