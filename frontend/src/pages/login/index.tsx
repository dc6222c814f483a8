import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { SessionUser } from '../../../../common/api';
import { AuthCard, FormNotice } from '../../accounts/AuthCard';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { signInSchema } from '../../accounts/schemas';
import { signInFailure } from '../../accounts/signIn';
import { useCaptcha } from '../../accounts/useCaptcha';
import { Button } from '../../components/Button';
import { Checkbox, TextField, useForm } from '../../components/form';
import { navigate, safeNextPath } from '../../router/navigation';
import { isOperator, useSessionStore } from '../../stores/session';

/** Where a user lands after signing in when no `next` was given: staff go to their console. */
export function afterSignInPath(user: SessionUser): string {
  return isOperator(user) ? '/operator' : '/user/profile';
}

/**
 * `/login?next=<path>`: email and password, then the one-time code when the server asks for it
 * (`otp_required`). Once a session exists the visitor goes on to `next` (same-site paths only).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const user = useSessionStore((state) => state.user);
  const fetchSession = useSessionStore((state) => state.fetchSession);
  const [needCode, setNeedCode] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm(signInSchema(needCode), { email: '', password: '', code: '', remember: false });
  const captcha = useCaptcha('sign_in');

  const left = useRef(false);

  useEffect(() => {
    if (!user || left.current) return;
    left.current = true;
    navigate(next ?? afterSignInPath(user), { replace: true });
  }, [user, next]);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const token = await captcha.getToken();
    if (token === null) return;
    try {
      await accountsApi.signIn({ ...values, code: needCode ? values.code : '', captcha: token });
    } catch (error) {
      captcha.reset();
      const failure = signInFailure(error);
      if (failure.kind === 'needCode') {
        setNeedCode(true);
        form.setValue('code', '');
      } else if (failure.kind === 'fields') {
        form.setServerErrors(failure.fields);
      } else {
        setMessage(failure.message);
      }
      return;
    }
    const signedIn = await fetchSession();
    if (signedIn) showAlert(t('auth.alerts.signedIn'));
  });

  return (
    <AuthCard
      name="login"
      footer={
        <>
          {t('auth.login.noAccount')} <Link href="/sign-up">{t('auth.login.signUp')}</Link>
        </>
      }
    >
      {next && <FormNotice tone="info">{t('pages.login.nextNotice')}</FormNotice>}
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {needCode && !message && <FormNotice tone="info">{t('auth.login.codeNeeded')}</FormNotice>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField label={t('auth.fields.email')} type="email" autoComplete="username" required {...form.field('email')} />
        <TextField label={t('auth.fields.password')} type="password" autoComplete="current-password" required {...form.field('password')} />
        {needCode && (
          <TextField
            label={t('auth.fields.code')}
            description={t('auth.fields.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            required
            {...form.field('code')}
          />
        )}
        <div className="auth-form__row">
          <Checkbox label={t('auth.fields.remember')} {...form.field('remember')} />
          <Link href="/restore-password" className="auth-form__link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        {captcha.element}
        <Button type="submit" size="large" fullWidth loading={form.submitting}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
