/**
 * The dashboard's 'Family Details' (docs/SPECIFICATION.md §2, section `heads`): the registered heads of family on
 * the generic AdminTable, surname first and in surname order as a register is read — search over the names, surname, WhatsApp and area, the possible
 * duplicate mark, a View link to the family's page, delete (with the members) after a
 * confirmation, the register's Excel and PDF exports, and a live reload when families change.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { ButtonLink } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useRealtime } from '@/lib/realtime';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import { deleteHead, headExports, loadHeads, type HeadRow } from './api';
import { isFamiliesUpdate } from '../api';
import { DuplicateBadge, headName, registerName } from './parts';

export default function AdminHeads() {
  const { t } = useTranslation();
  const { lang, digits } = useLanguage();
  const [reloadKey, setReloadKey] = useState(0);

  // A registration by a visitor, or a change by another administrator.
  useRealtime((event) => {
    if (isFamiliesUpdate(event)) setReloadKey((key) => key + 1);
  });

  // Few columns, so that the register stays a table beside the sidebar; the rest is on the family page.
  const columns: Array<AdminColumn<HeadRow>> = [
    {
      key: 'surname',
      header: t('Name'),
      cell: (row) => (
        <>
          {registerName(row)}
          {typeof row.duplicateOf === 'number' ? (
            <>
              {' '}
              <DuplicateBadge />
            </>
          ) : null}
        </>
      ),
      sortable: true,
    },
    { key: 'whatsapp', header: t('WhatsApp number'), cell: (row) => <a href={`tel:${row.whatsapp}`}>{codeText(row.whatsapp)}</a>, nowrap: true },
    { key: 'area', header: t('Area'), cell: (row) => row.area, sortable: true },
    { key: 'memberCount', header: t('Family members'), cell: (row) => digits(row.memberCount), nowrap: true },
    { key: 'created_at', header: t('Registered on'), cell: (row) => formatAdminDate(row.created_at, lang, false), nowrap: true, sortable: true },
  ];

  return (
    <AdminPage title={t('Family Details')} intro={t('Families registered through the member registration form.')}>
      <AdminTable
        label={t('Family Details')}
        columns={columns}
        load={loadHeads}
        onDelete={(row) => deleteHead(row.id)}
        deleteConfirmation={t('Are you sure you want to delete this family?')}
        describe={(row) => [
          headName(row),
          `${t('WhatsApp number')}: ${codeText(row.whatsapp)}`,
          `${t('Registered on')}: ${formatAdminDate(row.created_at, lang, false)}`,
        ]}
        exports={headExports}
        emptyMessage={t('No data available')}
        rowLabel={headName}
        rowActions={(row) => (
          <ButtonLink to={paths.adminFamily(row.id)} size="sm" aria-label={`${t('View')}: ${headName(row)}`}>
            {t('View')}
          </ButtonLink>
        )}
        reloadKey={reloadKey}
        defaultSort="-created_at"
      />
    </AdminPage>
  );
}
