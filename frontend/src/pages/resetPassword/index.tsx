import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { InfoPage } from '../../layout/InfoPage';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <InfoPage name="resetPassword">
      <div className="page-actions">
        <Button href="/restore-password" variant="ghost" color="secondary">
          {t('pages.resetPassword.requestLink')}
        </Button>
      </div>
    </InfoPage>
  );
}
