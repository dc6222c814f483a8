import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';

export default function ConfirmSuccessPage() {
  const { t } = useTranslation();
  return (
    <div className="container page page--narrow">
      <div className="status-card status-card--success">
        <span className="status-card__icon" aria-hidden="true">✓</span>
        <PageHeader name="confirmSuccess" />
        <div className="page-actions">
          <Button href="/login">{t('pages.confirmSuccess.signIn')}</Button>
          <Button href="/" variant="ghost" color="secondary">
            {t('error.to_main')}
          </Button>
        </div>
      </div>
    </div>
  );
}
