/**
 * Above the administrator table: the search box, the "Sort by" list when the rows are cards
 * (cards have no header row to click), and the export buttons.
 */
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '@/lib/text';
import type { ExportFormat } from '@/lib/useExport';
import { Button } from '@/components/ui/Button';
import styles from './AdminTable.module.css';

type Props = {
  search: string;
  onSearchChange: (value: string) => void;
  onSearchSubmit: (event: FormEvent) => void;
  /** The sortable columns, offered as a list when `showSort`. */
  sortable: Array<{ field: string; header: string }>;
  showSort: boolean;
  sort: string | undefined;
  onSort: (sort: string) => void;
  /** The export formats offered, the one being fetched, and how to fetch one. */
  formats: ExportFormat[];
  exporting: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
};

const exportLabels = { excel: i18nKey('Export Excel'), pdf: i18nKey('Export PDF') } as const;

export function AdminTableToolbar({ search, onSearchChange, onSearchSubmit, sortable, showSort, sort, onSort, formats, exporting, onExport }: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  return (
    <div className={styles.toolbar}>
      <form role="search" className={styles.search} onSubmit={onSearchSubmit}>
        <label htmlFor={searchId} className={styles.searchLabel}>
          {t('Search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.control}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={t('Type to search...')}
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
      {showSort && sortable.length > 0 ? (
        <div className={styles.sortChoice}>
          <label htmlFor={sortId} className={styles.searchLabel}>
            {t('Sort by')}
          </label>
          <select id={sortId} className={styles.control} value={sort ?? ''} onChange={(event) => onSort(event.target.value)}>
            {sort === undefined ? <option value="">{t('Default order')}</option> : null}
            {sortable.map(({ field, header }) => [
              <option key={field} value={field}>
                {t('{{column}}, ascending', { column: header })}
              </option>,
              <option key={`-${field}`} value={`-${field}`}>
                {t('{{column}}, descending', { column: header })}
              </option>,
            ])}
          </select>
        </div>
      ) : null}
      {formats.length > 0 ? (
        <div className={styles.exports}>
          {formats.map((format) => (
            <Button key={format} variant="secondary" size="sm" busy={exporting === format} onClick={() => onExport(format)}>
              {t(exportLabels[format])}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
