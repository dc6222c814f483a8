import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { AuthCard, FormNotice } from '../../accounts/AuthCard';
import { showAlert } from '../../accounts/alerts';
import { accountsApi, type OtpSetup } from '../../accounts/api';
import { otpCodeSchema } from '../../accounts/schemas';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import { Spinner } from '../../components/Spinner';
import { navigate } from '../../router/navigation';
import { useSessionStore } from '../../stores/session';

const PROFILE_PATH = '/user/profile';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Button variant="ghost" color="secondary" size="small" onClick={() => void copy()}>
      {copied ? t('auth.otp.copied') : t('auth.otp.copy')}
    </Button>
  );
}

/** `/user-actions/enable-otp`: a fresh secret as a QR code and as text, then the first code turns protection on. */
export default function EnableOtpPage() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const fetchSession = useSessionStore((state) => state.fetchSession);
  const [setup, setSetup] = useState<OtpSetup | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const requested = useRef(false);
  const form = useForm(otpCodeSchema, { code: '' });
  const alreadyOn = user?.twoFactorEnabled === true;

  useEffect(() => {
    if (alreadyOn || requested.current) return;
    requested.current = true;
    accountsApi.otpSetup().then(setSetup, (error: unknown) => {
      setMessage(error instanceof ApiError ? error.message : t('error.server_text'));
    });
  }, [alreadyOn, t]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setMessage(null);
    try {
      await accountsApi.otpEnable(code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setServerErrors(Object.keys(error.fields).length > 0 ? error.fields : { code: error.message });
      return;
    }
    showAlert(t('auth.alerts.otpEnabled'));
    await fetchSession();
    navigate(PROFILE_PATH);
  });

  if (alreadyOn && !form.submitting) {
    return (
      <AuthCard name="enableOtp">
        <FormNotice tone="info">{t('auth.otp.alreadyOn')}</FormNotice>
        <div className="page-actions">
          <Button href={PROFILE_PATH}>{t('auth.otp.toProfile')}</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard name="enableOtp">
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {!setup && !message && (
        <p className="auth-checking" role="status">
          <Spinner size="small" /> {t('auth.otp.loading')}
        </p>
      )}
      {setup && (
        <div className="otp-setup">
          <p className="auth-text">{t('auth.otp.step1')}</p>
          <div className="otp-setup__qr">
            <img src={setup.qrDataUrl} alt={t('auth.otp.qrAlt')} width={200} height={200} data-testid="otp-qr" />
          </div>
          <div className="otp-setup__secret">
            <span className="otp-setup__label">{t('auth.otp.secret')}</span>
            <code className="otp-setup__value" data-testid="otp-secret">
              {setup.secret}
            </code>
            <CopyButton text={setup.secret} />
          </div>
          <p className="auth-text">{t('auth.otp.step2')}</p>
          <form className="auth-form" noValidate onSubmit={onSubmit}>
            <TextField
              label={t('auth.fields.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              {...form.field('code')}
            />
            <Button type="submit" size="large" fullWidth loading={form.submitting}>
              {t('auth.otp.enable')}
            </Button>
          </form>
        </div>
      )}
    </AuthCard>
  );
}
