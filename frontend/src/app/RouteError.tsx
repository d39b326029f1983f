import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load (for example a lost connection while fetching its code). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <LoadFailed />;
}

/** What a visitor reads when something the page needs did not arrive: try again. */
export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="container page" role="alert">
      <h1>{t('Something went wrong.')}</h1>
      <p>{t('Please check your connection and try again.')}</p>
      <p>
        <a href={window.location.href}>{t('Reload the page')}</a>
      </p>
    </div>
  );
}
