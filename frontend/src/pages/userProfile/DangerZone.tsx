import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { accountsApi } from '../../accounts/api';
import { deleteAccountSchema } from '../../accounts/schemas';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import { Modal } from '../../components/Modal';
import { navigate } from '../../router/navigation';
import { useSessionStore } from '../../stores/session';
import { ProfileSection } from './ProfileSection';

/** The server ended every session of the account: forget it here too and leave the user area. */
function leaveAccount(message: string): void {
  showAlert(message, 'info');
  useSessionStore.getState().clear();
  navigate('/', { replace: true });
}

/** Blocking (7 days) and deleting (permanent) the account, each behind a confirmation. */
export function DangerZone() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'block' | 'delete' | null>(null);
  const [blocking, setBlocking] = useState(false);
  const form = useForm(deleteAccountSchema, { password: '' });

  async function block(): Promise<void> {
    setBlocking(true);
    try {
      await accountsApi.block();
    } catch (error) {
      setBlocking(false);
      showAlert(error instanceof ApiError ? error.message : t('error.server_text'), 'error');
      return;
    }
    setDialog(null);
    leaveAccount(t('auth.alerts.blocked'));
  }

  const onDelete = form.handleSubmit(async ({ password }) => {
    try {
      await accountsApi.deleteAccount(password);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setServerErrors(Object.keys(error.fields).length > 0 ? error.fields : { password: error.message });
      return;
    }
    setDialog(null);
    leaveAccount(t('auth.alerts.deleted'));
  });

  function close(): void {
    setDialog(null);
    form.reset();
  }

  return (
    <ProfileSection id="danger" title={t('auth.profile.dangerTitle')}>
      <div className="profile-section__actions profile-section__actions--split">
        <Button variant="ghost" color="secondary" onClick={() => setDialog('block')} aria-haspopup="dialog">
          {t('auth.profile.block')}
        </Button>
        <Button variant="ghost" color="accent-pro" onClick={() => setDialog('delete')} aria-haspopup="dialog">
          {t('auth.profile.delete')}
        </Button>
      </div>
      <Modal
        open={dialog === 'block'}
        onClose={close}
        size="small"
        title={t('auth.profile.blockTitle')}
        footer={
          <>
            <Button variant="ghost" color="secondary" onClick={close}>
              {t('auth.profile.cancel')}
            </Button>
            <Button color="accent-pro" loading={blocking} onClick={() => void block()} data-testid="confirm-block">
              {t('auth.profile.blockConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('auth.profile.blockText')}</p>
      </Modal>
      <Modal open={dialog === 'delete'} onClose={close} size="small" title={t('auth.profile.deleteTitle')}>
        <form className="auth-form" noValidate onSubmit={onDelete}>
          <p>{t('auth.profile.deleteText')}</p>
          <TextField label={t('auth.fields.password')} type="password" autoComplete="current-password" required {...form.field('password')} />
          <div className="profile-section__actions">
            <Button variant="ghost" color="secondary" onClick={close}>
              {t('auth.profile.cancel')}
            </Button>
            <Button type="submit" color="accent-pro" loading={form.submitting} data-testid="confirm-delete">
              {t('auth.profile.deleteConfirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </ProfileSection>
  );
}
