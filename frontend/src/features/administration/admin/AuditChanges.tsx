import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/useLanguage';
import { changeRows, valueText } from './auditLabels';
import styles from './AdminAudit.module.css';

/**
 * An entry's changes, folded under its summary: a table of the fields with their values before
 * and after; a side the entry does not have (an addition has no "before") shows "—".
 */
export function AuditChanges({ changes, label }: { changes: string; label: string }) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const rows = changeRows(changes);
  if (!rows) return null;
  return (
    <details className={styles.changes}>
      <summary>{t('Show changes ({{fields}})', { fields: digits(rows.length) })}</summary>
      {/* A table by its roles, not <table>: it sits in a cell of the list, which becomes a
          card on a phone and would lay out a nested <table> as cards too. */}
      <div role="table" aria-label={t('Changes: {{entry}}', { entry: label })} className={styles.changesTable}>
        <div role="row" className={styles.changesHead}>
          <span role="columnheader">{t('Field')}</span>
          <span role="columnheader">{t('Before')}</span>
          <span role="columnheader">{t('After')}</span>
        </div>
        {rows.map((row) => (
          <div role="row" key={row.field}>
            <span role="rowheader">{row.field}</span>
            <span role="cell">{row.hasBefore ? valueText(row.before) : '—'}</span>
            <span role="cell">{row.hasAfter ? valueText(row.after) : '—'}</span>
          </div>
        ))}
      </div>
    </details>
  );
}
