import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { activateOnce } from './activation';
import { Spinner } from '../components/Spinner';
import { PageHeader } from '../layout/PageHeader';
import type { PageProps } from '../router/pageLoaders';
import { navigate } from '../router/navigation';

export const ACTIVATED_PATH = '/success/confirm/account';
export const ACTIVATION_FAILED_PATH = '/error/confirm/account';

/** `/auth/:token`, the activation link of the registration email. */
export function ActivationPage({ params }: PageProps) {
  const { t } = useTranslation();
  const token = params.token ?? '';

  useEffect(() => {
    let current = true;
    void activateOnce(token).then((activated) => {
      if (current) navigate(activated ? ACTIVATED_PATH : ACTIVATION_FAILED_PATH, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="container page page--narrow">
      <div className="status-card">
        <PageHeader name="auth" />
        <p className="auth-checking" role="status">
          <Spinner size="small" /> {t('auth.activate.checking')}
        </p>
      </div>
    </div>
  );
}
