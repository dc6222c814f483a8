import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/ApiError';
import { AuthCard, FormNotice } from '../../accounts/AuthCard';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { restorePasswordSchema } from '../../accounts/schemas';
import { useCaptcha } from '../../accounts/useCaptcha';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';

/** Password recovery: an email and the captcha; the emailed link opens the new-password form. */
export default function RestorePasswordPage() {
  const { t } = useTranslation();
  const form = useForm(restorePasswordSchema, { email: '' });
  const captcha = useCaptcha('reset_password');
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const token = await captcha.getToken();
    if (token === null) return;
    try {
      await accountsApi.requestReset({ email: values.email, captcha: token });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      captcha.reset();
      const fields = Object.keys(error.fields).length > 0 ? error.fields : null;
      if (fields) form.setServerErrors(fields);
      else setMessage(error.message);
      return;
    }
    const text = t('auth.alerts.resetLinkSent');
    showAlert(text);
    setSent(true);
  });

  return (
    <AuthCard name="restorePassword" footer={<Link href="/login">{t('auth.restore.backToLogin')}</Link>}>
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {sent ? (
        <div className="auth-sent" role="status" data-testid="reset-sent">
          <span className="auth-sent__icon" aria-hidden="true">✉</span>
          <h2 className="auth-sent__title">{t('auth.alerts.resetLinkSent')}</h2>
          <p>{t('auth.restore.sentText')}</p>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          <TextField label={t('auth.fields.email')} type="email" autoComplete="email" required {...form.field('email')} />
          {captcha.element}
          <Button type="submit" size="large" fullWidth loading={form.submitting}>
            {t('auth.restore.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
