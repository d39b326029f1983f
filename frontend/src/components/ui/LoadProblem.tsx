import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** A list or page that could not be loaded: the message and "Try again" (`load-problem`, styles/shared.css). */
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-problem" role="alert">
      <p>{t('Could not load the list. Please check your connection and try again.')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </div>
  );
}
