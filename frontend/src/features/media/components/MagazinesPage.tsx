import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { pageTitle } from '@/config/pageTitles';
import { paths } from '@/config/paths';
import { MediaList } from './MediaList';

/** /magazines: the magazine covers; a click opens the full-size overlay. */
export default function MagazinesPage() {
  const { t } = useTranslation();
  const title = pageTitle(paths.magazines, t);
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      <MediaList kind="magazines" label={title} emptyMessage={t('No magazines to show yet.')} />
    </div>
  );
}
