/**
 * /admin/dashboard/audit (owners, docs/DESIGN.md §11): every change administrators made, newest
 * first, in pages with the total. Filters: the person (their e-mail), the section, the action,
 * a date range, and the table's search box; each entry shows when (India time, in the screen's
 * language), who, what, where, the row's id and a line of summary, and folds out its changes
 * (fields before and after). Excel and PDF exports hold the list as filtered, in the screen's
 * language.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable, formatAdminDate, type AdminColumn } from '@/components/admin/AdminTable';
import { Button } from '@/components/ui/Button';
import { SelectField, TextField } from '@/components/ui/TextField';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import { AuditChanges } from './AuditChanges';
import { auditActions, auditQuery, auditSections, type AuditFilters } from './auditLabels';
import { auditExports, auditLoader, type AuditEntry } from './api';
import styles from './AdminAudit.module.css';

/** The person's e-mail is sent once typing pauses. */
const ACTOR_DELAY_MS = 400;

export default function AdminAudit() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [actor, setActor] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => (current.actor === actor.trim() ? current : { ...current, actor: actor.trim() })), ACTOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actor]);

  const sectionLabel = useMemo(() => {
    const labels = new Map(auditSections.map((s) => [s.value, s.exports ? t('{{list}} (exports)', { list: t(s.label) }) : t(s.label)]));
    return (value: string) => labels.get(value) ?? value;
  }, [t]);
  const actionLabel = useMemo(() => {
    const labels = new Map(auditActions.map((a) => [a.value, t(a.label)]));
    return (value: string) => labels.get(value) ?? value;
  }, [t]);

  const columns: Array<AdminColumn<AuditEntry>> = [
    { key: 'at', header: t('When'), cell: (row) => formatAdminDate(row.at, lang), nowrap: true, sortable: true },
    { key: 'actor', header: t('Who'), cell: (row) => row.actor, sortable: true },
    { key: 'action', header: t('Action'), cell: (row) => actionLabel(row.action), sortable: true },
    { key: 'entity', header: t('Section'), cell: (row) => sectionLabel(row.entity), sortable: true },
    { key: 'entity_id', header: t('ID'), cell: (row) => (row.entity_id ? codeText(row.entity_id) : '') },
    {
      key: 'summary',
      header: t('Summary'),
      wide: true,
      cell: (row) => (
        <>
          <span className={styles.summary}>{row.summary}</span>
          <AuditChanges changes={row.changes} label={`${formatAdminDate(row.at, lang)} ${row.summary}`} />
        </>
      ),
    },
  ];

  const query = auditQuery(filters);
  const filtered = Object.keys(query).length > 0 || actor.trim() !== '';
  const setFilter = (name: keyof AuditFilters, value: string) => setFilters((current) => ({ ...current, [name]: value || undefined }));

  return (
    <AdminPage title={t('Audit log')} intro={t('Every change made in the dashboard: who, when, where and what, newest first.')}>
      <fieldset className={styles.filters}>
        <legend className={styles.legend}>{t('Filter the log')}</legend>
        <TextField
          label={t('Person (email)')}
          hint={t('The whole e-mail address')}
          type="email"
          autoComplete="off"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
        <SelectField
          label={t('Section')}
          value={filters.entity ?? ''}
          onChange={(event) => setFilter('entity', event.target.value)}
          options={[{ value: '', label: t('All') }, ...auditSections.map((s) => ({ value: s.value, label: sectionLabel(s.value) }))]}
        />
        <SelectField
          label={t('Action')}
          value={filters.action ?? ''}
          onChange={(event) => setFilter('action', event.target.value)}
          options={[{ value: '', label: t('All') }, ...auditActions.map((a) => ({ value: a.value, label: t(a.label) }))]}
        />
        <TextField label={t('From')} type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => setFilter('from', event.target.value)} />
        <TextField label={t('To')} type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => setFilter('to', event.target.value)} />
        {filtered ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setActor('');
              setFilters({});
            }}
          >
            {t('Clear filters')}
          </Button>
        ) : null}
      </fieldset>
      <AdminTable
        label={t('Audit log')}
        columns={columns}
        load={auditLoader}
        filters={query}
        exports={auditExports}
        emptyMessage={filtered ? t('No entries match the filters.') : t('Nothing has been recorded yet.')}
        noMatchMessage={t('No entries match the filters.')}
        rowLabel={(row) => `${row.actor} ${row.summary}`}
        defaultSort="-at"
      />
    </AdminPage>
  );
}
