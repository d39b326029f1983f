import { useTranslation } from 'react-i18next';
import { capitalise } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import { MediaList } from './MediaList';

/** /magazines: the magazine covers; a click opens the full-size overlay. */
export default function MagazinesPage() {
  const { t } = useTranslation();
  const title = capitalise(t('Magazines'));
  usePageTitle(title);
  return (
    <div className="container page">
      <h1>{title}</h1>
      <MediaList kind="magazines" label={title} emptyMessage={t('No magazines to show yet.')} />
    </div>
  );
}
