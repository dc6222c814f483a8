import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/publicConfig';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';

export default function ConfirmErrorPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <div className="container page page--narrow">
      <div className="status-card status-card--error">
        <span className="status-card__icon" aria-hidden="true">!</span>
        <PageHeader name="confirmError" />
        <div className="page-actions">
          <Button href="/sign-up">{t('pages.confirmError.again')}</Button>
          {config?.supportUrl && (
            <Button href={config.supportUrl} target="_blank" variant="ghost" color="secondary">
              {t('error.support')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
