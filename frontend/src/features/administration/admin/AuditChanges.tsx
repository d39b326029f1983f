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
      <table className={styles.changesTable}>
        <caption className="visually-hidden">{t('Changes: {{entry}}', { entry: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Field')}</th>
            <th scope="col">{t('Before')}</th>
            <th scope="col">{t('After')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.field}</th>
              <td>{row.hasBefore ? valueText(row.before) : '—'}</td>
              <td>{row.hasAfter ? valueText(row.after) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
