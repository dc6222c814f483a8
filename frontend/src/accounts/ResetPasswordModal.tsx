import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { Button } from '../components/Button';
import { TextField, useForm } from '../components/form';
import { Modal } from '../components/Modal';
import { navigate } from '../router/navigation';
import { useSessionStore } from '../stores/session';
import { FormNotice } from './AuthCard';
import { showAlert } from './alerts';
import { accountsApi } from './api';
import { resetPasswordSchema } from './schemas';
import { signInFailure } from './signIn';

interface Props {
  token: string;
  onClose: () => void;
}

/** The new-password form of the emailed reset link; asks for the one-time code when 2FA is on. */
export function ResetPasswordModal({ token, onClose }: Props) {
  const { t } = useTranslation();
  const [needCode, setNeedCode] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm(resetPasswordSchema(needCode), { password: '', confirmPassword: '', code: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await accountsApi.confirmReset({
        token,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(needCode ? { code: values.code } : {}),
      });
    } catch (error) {
      const failure = signInFailure(error);
      if (failure.kind === 'needCode') setNeedCode(true);
      else if (failure.kind === 'fields') form.setServerErrors(failure.fields);
      else setMessage(failure.message);
      return;
    }
    showAlert(t('auth.alerts.newPasswordSet'));
    onClose();
    // The server may sign the user in; otherwise the sign-in page asks for the new password.
    const user = await useSessionStore.getState().fetchSession();
    navigate(user ? '/user/profile' : '/login');
  });

  return (
    <Modal open onClose={onClose} size="small" title={t('auth.reset.title')}>
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {needCode && !message && <FormNotice tone="info">{t('auth.reset.codeNeeded')}</FormNotice>}
      <form className="auth-form" noValidate onSubmit={onSubmit} data-testid="reset-password-form">
        <TextField label={t('auth.fields.newPassword')} type="password" autoComplete="new-password" required {...form.field('password')} />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
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
        <Button type="submit" size="large" fullWidth loading={form.submitting}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </Modal>
  );
}
