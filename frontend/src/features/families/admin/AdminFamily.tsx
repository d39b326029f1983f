/**
 * /admin/family/:headId (docs/SPECIFICATION.md §2): one family for an administrator — a back link to 'Family
 * Details', the head's details with Edit, the members on the generic AdminTable (search, 'No
 * family members found', Edit, Delete after a confirmation, Add member), the family's Excel and
 * PDF, and a live reload when families change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminNotice, type Notice } from '@/components/admin/AdminNotice';
import { adminSectionPath } from '@/config/adminSections';
import { AdminTable, type AdminColumn } from '@/components/admin/AdminTable';
import { localListLoader } from '@/lib/adminList';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Loading } from '@/components/ui/Loading';
import { paths } from '@/config/paths';
import { downloadFile } from '@/lib/api';
import { useRealtime } from '@/lib/realtime';
import { useExport, type ExportFormat } from '@/lib/useExport';
import { useLanguage } from '@/lib/useLanguage';
import { codeText } from '@/lib/digits';
import { addMember, deleteMember, familyExports, loadFamily, updateHead, updateMember, type FamilyDetail, type MemberRow } from './api';
import { isFamiliesUpdate } from '../api';
import { emptyMember, fieldLabels, headFields, memberFields, type HeadValues, type MemberField, type MemberValues } from '../fields';
import { DuplicateBadge, PersonDetails, headName, useValueText } from './parts';
import { PersonEditor } from './PersonEditor';
import styles from './AdminFamily.module.css';

type Editing = { kind: 'head' } | { kind: 'member'; member: MemberRow | null } | null;

const NO_MEMBERS: MemberRow[] = [];
/** What the members' search looks through. */
const SEARCHED: MemberField[] = ['name', 'surname', 'relation', 'fatherName', 'motherName', 'whatsapp', 'area', 'education', 'occupation'];

const pick = <F extends string>(fields: readonly F[], row: Record<string, unknown>) =>
  Object.fromEntries(fields.map((f) => [f, String(row[f] ?? '')])) as Record<F, string>;

export default function AdminFamily() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const text = useValueText();
  const { headId } = useParams();
  const id = /^\d+$/.test(headId ?? '') ? Number(headId) : NaN;
  const [family, setFamily] = useState<FamilyDetail | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'error'>(Number.isNaN(id) ? 'missing' : 'loading');
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const exports = useExport(setNotice);
  const returnFocus = useRef<string | null>(null);

  /** Fetches the family; resolves once the page shows what the server has. */
  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      if (Number.isNaN(id)) return;
      try {
        const found = await loadFamily(id, signal);
        if (signal?.aborted) return;
        setFamily(found);
        setState('ready');
      } catch (error) {
        if (signal?.aborted) return;
        if ((error as { status?: number }).status === 404) {
          setFamily(null);
          setEditing(null);
          setState('missing');
        } else {
          console.error('Loading the family failed', error);
          // A failed live reload keeps what is shown; a failed first load says so.
          setState((current) => (current === 'ready' ? current : 'error'));
        }
      }
    },
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh, reloads]);

  useRealtime((event) => {
    if (isFamiliesUpdate(event)) setReloads((n) => n + 1);
  });

  const members = family?.familyMembers ?? NO_MEMBERS;
  const load = useMemo(() => localListLoader(members, SEARCHED), [members]);

  const startEdit = (next: Exclude<Editing, null>, trigger: string) => {
    setNotice(null);
    returnFocus.current = trigger;
    setEditing(next);
  };

  /** Back from an editor, with the focus on the button that opened it (when it is still there). */
  const leaveEdit = () => {
    setEditing(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-return="${returnFocus.current}"]`)?.focus());
  };

  const saved = async (message: string) => {
    setNotice({ kind: 'success', text: message });
    await refresh();
    leaveEdit();
  };

  const missing = (message: string) => {
    setNotice({ kind: 'error', text: message });
    setEditing(null);
    void refresh();
  };

  // In the screen's language, like the lists' exports.
  const runExport = (format: ExportFormat) =>
    exports.run(format, () => downloadFile(familyExports[format], { lang }, `family_${id}.${format === 'excel' ? 'xlsx' : 'pdf'}`, { id }));

  // The surname is added only when the name does not already end with it (अनिता पाटील).
  const memberName = (row: MemberRow) =>
    row.surname && !row.name.trim().endsWith(row.surname.trim()) ? `${row.name} ${row.surname}` : row.name;
  const columns: Array<AdminColumn<MemberRow>> = [
    { key: 'name', header: t(fieldLabels.name), cell: memberName, sortable: true },
    ...memberFields
      .filter((field) => field !== 'name' && field !== 'surname')
      .map(
        (field): AdminColumn<MemberRow> => ({
          key: field,
          header: t(fieldLabels[field]),
          cell: (row) => (field === 'whatsapp' ? <a href={`tel:${row.whatsapp}`}>{text(field, row.whatsapp)}</a> : text(field, row[field])),
          nowrap: field === 'dob' || field === 'whatsapp',
          wide: field === 'workAddress',
          sortable: field === 'relation' || field === 'dob',
        }),
      ),
  ];

  const back = (
    <Link to={adminSectionPath('heads')} className={styles.back}>
      <span aria-hidden="true">← </span>
      {t('Back to Family Details')}
    </Link>
  );

  if (state !== 'ready' || !family) {
    return (
      <AdminPage title={t('Family Members')}>
        {back}
        <AdminNotice notice={notice} />
        {state === 'loading' ? <Loading /> : null}
        {state === 'missing' ? <EmptyState message={t('This family no longer exists.')} /> : null}
        {state === 'error' ? (
          <div className="load-problem" role="alert">
            <p>{t('Could not load the family. Please check your connection and try again.')}</p>
            <Button variant="secondary" onClick={() => setReloads((n) => n + 1)}>
              {t('Try again')}
            </Button>
          </div>
        ) : null}
      </AdminPage>
    );
  }

  const name = headName(family);
  return (
    <AdminPage title={t('Family Members')} intro={t('Family of {{name}}', { name })}>
      {back}
      <AdminNotice notice={notice} />
      <div className={styles.exports}>
        <Button variant="secondary" size="sm" busy={exports.exporting === 'excel'} onClick={() => void runExport('excel')}>
          {t('Export Excel')}
        </Button>
        <Button variant="secondary" size="sm" busy={exports.exporting === 'pdf'} onClick={() => void runExport('pdf')}>
          {t('Export PDF')}
        </Button>
      </div>

      {editing?.kind === 'head' ? (
        <PersonEditor<HeadValues>
          kind="head"
          title={t('Edit head of family')}
          initial={pick(headFields, family)}
          submitLabel={t('Update')}
          save={(values) => updateHead(family.id, values)}
          onSaved={() => void saved(t('Head of family updated.'))}
          onCancel={leaveEdit}
          onMissing={() => missing(t('This family no longer exists.'))}
        />
      ) : (
        <section className={styles.card} aria-labelledby="family-head-title">
          <div className={styles.cardBar}>
            <h2 id="family-head-title" className={styles.cardTitle}>
              {t('Head of family')}
            </h2>
            <Button variant="secondary" size="sm" data-return="head" aria-label={`${t('Edit')}: ${name}`} onClick={() => startEdit({ kind: 'head' }, 'head')}>
              {t('Edit')}
            </Button>
          </div>
          {typeof family.duplicateOf === 'number' ? (
            <p className={styles.duplicate}>
              <DuplicateBadge />{' '}
              <Link to={paths.adminFamily(family.duplicateOf)}>{t('Open the earlier family (#{{id}})', { id: codeText(family.duplicateOf) })}</Link>
            </p>
          ) : null}
          <PersonDetails kind="head" person={family} />
        </section>
      )}

      {editing?.kind === 'member' ? (
        <PersonEditor<MemberValues>
          key={editing.member?.id ?? 'new'}
          kind="member"
          title={editing.member ? t('Edit family member') : t('Add family member')}
          initial={editing.member ? pick(memberFields, editing.member) : emptyMember()}
          submitLabel={editing.member ? t('Update') : t('Save')}
          save={(values) => (editing.member ? updateMember(editing.member.id, values) : addMember(family.id, values))}
          onSaved={() => void saved(editing.member ? t('Family member updated.') : t('Family member added.'))}
          onCancel={leaveEdit}
          onMissing={() => missing(editing.member ? t('This family member no longer exists.') : t('This family no longer exists.'))}
        />
      ) : null}

      <section className={styles.members} aria-labelledby="family-members-title" hidden={editing?.kind === 'member'}>
        <div className={styles.cardBar}>
          <h2 id="family-members-title" className={styles.cardTitle}>
            {t('Family members')}
          </h2>
          <Button size="sm" data-return="add-member" onClick={() => startEdit({ kind: 'member', member: null }, 'add-member')}>
            {t('Add family member')}
          </Button>
        </div>
        <AdminTable
          label={t('Family members')}
          columns={columns}
          load={load}
          onDelete={async (row) => {
            await deleteMember(row.id);
            await refresh();
          }}
          deleteConfirmation={t('Are you sure you want to delete this family member?')}
          describe={(row) => [
            memberName(row),
            `${t(fieldLabels.relation)}: ${row.relation}`,
            `${t(fieldLabels.dob)}: ${text('dob', row.dob)}`,
          ]}
          emptyMessage={t('No family members found')}
          noMatchMessage={t('No family members found')}
          rowLabel={memberName}
          rowActions={(row) => (
            <Button
              variant="secondary"
              size="sm"
              data-return={`member-${row.id}`}
              aria-label={`${t('Edit')}: ${memberName(row)}`}
              onClick={() => startEdit({ kind: 'member', member: row }, `member-${row.id}`)}
            >
              {t('Edit')}
            </Button>
          )}
        />
      </section>
    </AdminPage>
  );
}
