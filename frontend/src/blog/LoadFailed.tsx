import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { Button } from '../components/Button';

/** A failed load of the blog: the server's message (or ours) and a retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="order-notice order-notice--error" role="alert">
      <p>{error instanceof ApiError ? error.message : t('blog.loadError')}</p>
      <Button variant="ghost" color="secondary" onClick={retry}>
        {t('blog.retry')}
      </Button>
    </div>
  );
}
