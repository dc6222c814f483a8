import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { InfoPage } from '../../layout/InfoPage';
import { navigate, safeNextPath } from '../../router/navigation';
import { useSessionStore } from '../../stores/session';

/** Where a user lands after signing in when no `next` was given. */
export const AFTER_SIGN_IN_PATH = '/user/profile';

/** `/login?next=<path>`: once a session exists, the visitor goes on to `next` (same-site paths only). */
export default function LoginPage() {
  const { t } = useTranslation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const user = useSessionStore((state) => state.user);

  useEffect(() => {
    if (user) navigate(next ?? AFTER_SIGN_IN_PATH, { replace: true });
  }, [user, next]);

  return (
    <InfoPage name="login">
      {next && (
        <p className="notice" role="status">
          {t('pages.login.nextNotice')}
        </p>
      )}
      <div className="page-actions">
        <Button href="/sign-up">{t('pages.login.signUp')}</Button>
        <Button href="/restore-password" variant="ghost" color="secondary">
          {t('pages.login.forgot')}
        </Button>
      </div>
    </InfoPage>
  );
}
