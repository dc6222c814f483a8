import { useTranslation } from 'react-i18next';
import { useSignOut } from '../accounts/useSignOut';
import { Button } from '../components/Button';
import { isOperator, useSessionStore } from '../stores/session';

/** Sign-in entry for visitors; the account (and, for operators, the console) once signed in. */
export function AccountEntry() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const signOut = useSignOut();
  if (!user) {
    return (
      <div className="account-entry">
        <Button href="/login" variant="ghost" color="secondary" size="small">
          {t('common.header.signIn')}
        </Button>
        <Button href="/sign-up" size="small">
          {t('common.header.signUp')}
        </Button>
      </div>
    );
  }
  return (
    <div className="account-entry">
      {isOperator(user) && (
        <Button href="/operator" variant="ghost" color="secondary" size="small">
          {t('common.header.operator')}
        </Button>
      )}
      <Button href="/user/profile" size="small" title={user.email}>
        {t('common.header.account')}
      </Button>
      <Button variant="ghost" color="secondary" size="small" loading={signOut.pending} onClick={signOut.run} data-testid="sign-out">
        {t('auth.signOut')}
      </Button>
    </div>
  );
}
