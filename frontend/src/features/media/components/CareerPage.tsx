import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { MediaList } from './MediaList';

/** /career: the employment notices; a click opens the full-size overlay. */
export default function CareerPage() {
  const { t } = useTranslation();
  const title = pageTitle(paths.career, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      <MediaList kind="career" label={title} emptyMessage={t('No employment notices to show yet.')} />
    </div>
  );
}
