import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('Page not found'));
  return (
    <div className="container page">
      <h1>{t('Page not found')}</h1>
      <p>{t('The page you are looking for does not exist.')}</p>
      <Link to={paths.home}>{t('Back to home')}</Link>
    </div>
  );
}
