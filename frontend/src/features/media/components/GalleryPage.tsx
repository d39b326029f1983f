import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/TextField';
import { useLanguage } from '@/lib/useLanguage';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { useToday } from '@/lib/useToday';
import { filtersFromQuery, monthNames, queryFromFilters, twoDigits } from '../filters';
import { galleryYears } from '../years';
import { MediaList } from './MediaList';
import styles from './MediaPages.module.css';

/**
 * /gallery: 'Images Gallery' with Year and Month filters applied by the Filter button (kept in
 * the address, so a filtered view can be shared and Back restores it), the caption, and the grid.
 */
export default function GalleryPage() {
  const { t } = useTranslation();
  const { digits } = useLanguage();
  const today = useToday();
  const title = pageTitle(paths.gallery, t);
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const applied = filtersFromQuery(params);
  const [year, setYear] = useState(applied.year ? String(applied.year) : '');
  const [month, setMonth] = useState(applied.month ? String(applied.month) : '');
  // Back and Forward change the applied filters: the selects follow.
  useEffect(() => {
    setYear(applied.year ? String(applied.year) : '');
    setMonth(applied.month ? String(applied.month) : '');
  }, [applied.year, applied.month]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(queryFromFilters({ year: Number(year) || undefined, month: Number(month) || undefined }));
  };

  const caption = t('Showing images for: {{year}} > {{month}}', {
    year: applied.year ? digits(applied.year) : t('All Years'),
    month: applied.month ? digits(twoDigits(applied.month)) : t('All Months'),
  });

  return (
    <div className="container page">
      <h1>{title}</h1>
      <form className={styles.filters} onSubmit={onSubmit} aria-label={t('Filter images')}>
        <SelectField
          label={t('Year')}
          name="year"
          value={year}
          onChange={(event) => setYear(event.target.value)}
          options={[{ value: '', label: t('All') }, ...galleryYears(today).map((y) => ({ value: String(y), label: digits(y) }))]}
        />
        <SelectField
          label={t('Month')}
          name="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          options={[{ value: '', label: t('All') }, ...monthNames.map((name, i) => ({ value: String(i + 1), label: t(name) }))]}
        />
        <Button type="submit" className={styles.filterButton}>
          {t('Filter')}
        </Button>
      </form>
      <p className={styles.caption} data-testid="gallery-caption">
        {caption}
      </p>
      <MediaList
        kind="gallery"
        filters={applied}
        label={title}
        emptyMessage={applied.year || applied.month ? t('No images for this selection.') : t('No photos in the gallery yet.')}
      />
    </div>
  );
}
