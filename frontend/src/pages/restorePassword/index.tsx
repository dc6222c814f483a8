import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { InfoPage } from '../../layout/InfoPage';

export default function RestorePasswordPage() {
  const { t } = useTranslation();
  return (
    <InfoPage name="restorePassword">
      <div className="page-actions">
        <Button href="/login" variant="ghost" color="secondary">
          {t('pages.restorePassword.backToLogin')}
        </Button>
      </div>
    </InfoPage>
  );
}
