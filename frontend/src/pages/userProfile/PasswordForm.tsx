import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { changePasswordSchema } from '../../accounts/schemas';
import { Button } from '../../components/Button';
import { Checkbox, TextField, useForm } from '../../components/form';
import { ProfileSection } from './ProfileSection';

const INITIAL = { currentPassword: '', password: '', confirmPassword: '', endOtherSessions: true };

/** Changing the password, offering to end the other sessions (ASVS). */
export function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm(changePasswordSchema, INITIAL);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await accountsApi.changePassword(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (Object.keys(error.fields).length > 0) form.setServerErrors(error.fields);
      else showAlert(error.message, 'error');
      return;
    }
    form.reset();
    showAlert(t('auth.alerts.passwordChanged'));
  });

  return (
    <ProfileSection id="password" title={t('auth.profile.passwordTitle')}>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <div className="auth-form__pair">
          <TextField label={t('auth.fields.newPassword')} type="password" autoComplete="new-password" required {...form.field('password')} />
          <TextField
            label={t('auth.fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
        </div>
        <Checkbox label={t('auth.profile.endOtherSessions')} {...form.field('endOtherSessions')} />
        <div className="profile-section__actions">
          <Button type="submit" loading={form.submitting}>
            {t('auth.profile.changePassword')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
