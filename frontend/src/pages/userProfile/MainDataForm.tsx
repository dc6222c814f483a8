import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../common/api';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { profileMainSchema } from '../../accounts/schemas';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import { useSessionStore } from '../../stores/session';
import { ProfileSection } from './ProfileSection';

/** First and last name; the email is shown, not edited. */
export function MainDataForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const fetchSession = useSessionStore((state) => state.fetchSession);
  const form = useForm(profileMainSchema, { firstName: user.firstName ?? '', secondName: user.secondName ?? '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await accountsApi.editMain(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (Object.keys(error.fields).length > 0) form.setServerErrors(error.fields);
      else showAlert(error.message, 'error');
      return;
    }
    showAlert(t('auth.alerts.dataUpdated'));
    await fetchSession();
  });

  return (
    <ProfileSection id="main" title={t('auth.profile.mainTitle')}>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <p className="profile-email">
          <span className="profile-email__label">{t('auth.profile.email')}</span>
          <strong className="profile-email__value" data-testid="profile-email">
            {user.email}
          </strong>
        </p>
        <div className="auth-form__pair">
          <TextField label={t('auth.fields.firstName')} autoComplete="given-name" required {...form.field('firstName')} />
          <TextField label={t('auth.fields.secondName')} autoComplete="family-name" required {...form.field('secondName')} />
        </div>
        <div className="profile-section__actions">
          <Button type="submit" loading={form.submitting}>
            {t('auth.profile.save')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
