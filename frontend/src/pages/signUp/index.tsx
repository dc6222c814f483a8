import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ApiError } from '../../api/ApiError';
import { AuthCard, FormNotice } from '../../accounts/AuthCard';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { referralCode } from '../../accounts/referral';
import { signUpSchema } from '../../accounts/schemas';
import { useCaptcha } from '../../accounts/useCaptcha';
import { Button } from '../../components/Button';
import { Checkbox, TextField, useForm } from '../../components/form';

const INITIAL = {
  firstName: '',
  secondName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  agreeTerms: false,
};

/** Registration: the form, then "check your email" once the confirmation link is sent. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const form = useForm(signUpSchema, INITIAL);
  const captcha = useCaptcha('sign_up');
  const [message, setMessage] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const token = await captcha.getToken();
    if (token === null) return;
    try {
      await accountsApi.register({ ...values, captcha: token, ref: referralCode() });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      captcha.reset();
      form.setServerErrors(error.fields);
      if (Object.keys(error.fields).length === 0) setMessage(error.message);
      return;
    }
    showAlert(t('auth.alerts.registered'));
    setSentTo(values.email);
  });

  const footer = (
    <>
      {t('auth.signUp.haveAccount')} <Link href="/login">{t('auth.signUp.signIn')}</Link>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard name="signUp" footer={footer}>
        <div className="auth-sent" role="status" data-testid="sign-up-sent">
          <span className="auth-sent__icon" aria-hidden="true">✉</span>
          <h2 className="auth-sent__title">{t('auth.signUp.sentTitle')}</h2>
          <p>{t('auth.signUp.sentText', { email: sentTo })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard name="signUp" footer={footer}>
      {message && <FormNotice tone="error">{message}</FormNotice>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <div className="auth-form__pair">
          <TextField label={t('auth.fields.firstName')} autoComplete="given-name" required {...form.field('firstName')} />
          <TextField label={t('auth.fields.secondName')} autoComplete="family-name" required {...form.field('secondName')} />
        </div>
        <TextField label={t('auth.fields.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label={t('auth.fields.phone')} type="tel" autoComplete="tel" required {...form.field('phone')} />
        <TextField label={t('auth.fields.password')} type="password" autoComplete="new-password" required {...form.field('password')} />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Checkbox
          label={<Trans i18nKey="auth.fields.agreeTerms" components={[<a key="terms" href="/terms" target="_blank" rel="noopener noreferrer" />]} />}
          required
          {...form.field('agreeTerms')}
        />
        {captcha.element}
        <Button type="submit" size="large" fullWidth loading={form.submitting}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
