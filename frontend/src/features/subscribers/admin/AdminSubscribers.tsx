/**
 * Administrator page for the event-update subscribers (docs/SPECIFICATION.md §2): search, delete ("Delete this
 * subscriber?"), Excel and PDF export.
 */
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import type { Schemas } from '@/lib/api';
import { useLanguage } from '@/lib/useLanguage';
import { deleteSubscriber, loadSubscribers } from './api';

type Subscriber = Schemas['Subscriber'];

export default function AdminSubscribers() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const columns: Array<AdminColumn<Subscriber>> = [
    { key: 'value', header: t('Email or mobile number'), cell: (row) => row.value, sortable: true },
    { key: 'created_at', header: t('Subscribed on'), cell: (row) => formatAdminDate(row.created_at, lang), nowrap: true, sortable: true },
  ];
  return (
    <AdminPage title={t('Subscribers')} intro={t('People who asked for event updates.')}>
      <AdminTable
        label={t('Subscribers')}
        columns={columns}
        load={loadSubscribers}
        onDelete={(row) => deleteSubscriber(row.id)}
        deleteConfirmation={t('Delete this subscriber?')}
        describe={(row) => [row.value, `${t('Subscribed on')}: ${formatAdminDate(row.created_at, lang)}`]}
        exports={{ excel: '/api/subscribers/export/excel', pdf: '/api/subscribers/export/pdf' }}
        emptyMessage={t('No data available')}
        rowLabel={(row) => row.value}
        defaultSort="-created_at"
      />
    </AdminPage>
  );
}
