import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';

/** Shown while a page's code or the session is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
