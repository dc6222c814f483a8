import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { AuthCard, FormNotice } from '../../accounts/AuthCard';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { otpCodeSchema } from '../../accounts/schemas';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import { PageLoader } from '../../layout/PageLoader';
import { loginPathFor, navigate } from '../../router/navigation';
import { useSessionStore } from '../../stores/session';

const PROFILE_PATH = '/user/profile';

/** `/user-actions/disable-otp`: a code from the app turns two-factor protection off. */
export default function DisableOtpPage() {
  const { t } = useTranslation();
  const { user, known, fetchSession } = useSessionStore();
  const form = useForm(otpCodeSchema, { code: '' });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await accountsApi.otpDisable(code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setServerErrors(Object.keys(error.fields).length > 0 ? error.fields : { code: error.message });
      return;
    }
    showAlert(t('auth.alerts.otpDisabled'));
    await fetchSession();
    navigate(PROFILE_PATH);
  });

  if (!known) return <PageLoader />;
  if (!user) {
    return (
      <AuthCard name="disableOtp">
        <FormNotice tone="info">{t('auth.otp.signInFirst')}</FormNotice>
        <div className="page-actions">
          <Button href={loginPathFor('/user-actions/disable-otp')}>{t('auth.login.submit')}</Button>
        </div>
      </AuthCard>
    );
  }
  if (!user.twoFactorEnabled && !form.submitting) {
    return (
      <AuthCard name="disableOtp">
        <FormNotice tone="info">{t('auth.otp.alreadyOff')}</FormNotice>
        <div className="page-actions">
          <Button href={PROFILE_PATH}>{t('auth.otp.toProfile')}</Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard name="disableOtp">
      <p className="auth-text">{t('auth.otp.disableText')}</p>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          required
          {...form.field('code')}
        />
        <Button type="submit" size="large" fullWidth loading={form.submitting}>
          {t('auth.otp.disable')}
        </Button>
      </form>
    </AuthCard>
  );
}
