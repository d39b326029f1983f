/** Under the administrator table: "Showing 26–50 of 120" and the previous / next page buttons. */
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useLanguage } from '@/lib/useLanguage';
import styles from './AdminTable.module.css';

type Props = {
  /** The table's id, which the buttons control. */
  tableId: string;
  page: number;
  pages: number;
  perPage: number;
  /** Rows on this page, and in the whole filtered list. */
  shown: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
};

export function AdminTablePager({ tableId, page, pages, perPage, shown, total, loading, onPage }: Props) {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, (page - 1) * perPage + shown);
  return (
    <nav className={styles.pager} aria-label={t('Pages')}>
      <p className={styles.count}>
        {t('Showing {{from}}–{{to}} of {{total}}', { from: digits(from), to: digits(to), total: digits(total) })}
      </p>
      {pages > 1 ? (
        <div className={styles.pageButtons}>
          <Button variant="secondary" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)} aria-controls={tableId}>
            {t('Previous')}
          </Button>
          <span className={styles.pageOf}>{t('Page {{page}} of {{pages}}', { page: digits(page), pages: digits(pages) })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages || loading} onClick={() => onPage(page + 1)} aria-controls={tableId}>
            {t('Next')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
