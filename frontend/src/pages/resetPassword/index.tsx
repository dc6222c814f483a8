import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../accounts/AuthCard';
import { Button } from '../../components/Button';

/** `/reset-password` itself: the emailed link `/reset-password/<token>` opens the form on the home page. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard name="resetPassword">
      <p className="auth-text">{t('auth.reset.pageText')}</p>
      <div className="page-actions">
        <Button href="/restore-password">{t('auth.reset.requestLink')}</Button>
      </div>
    </AuthCard>
  );
}
