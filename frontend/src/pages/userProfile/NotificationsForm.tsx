import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../common/api';
import { ApiError } from '../../api/ApiError';
import { showAlert } from '../../accounts/alerts';
import { accountsApi, type NotificationSettings } from '../../accounts/api';
import { Checkbox } from '../../components/form';
import { ProfileSection } from './ProfileSection';

/** The session may carry the settings (when the server sends them); otherwise both start on. */
function initialSettings(user: SessionUser): NotificationSettings {
  const known = user as SessionUser & Partial<NotificationSettings>;
  return { notifyPasswordChange: known.notifyPasswordChange ?? true, notifySignIn: known.notifySignIn ?? true };
}

/** Email notifications: each tick is saved at once; a refused change is undone. */
export function NotificationsForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState(() => initialSettings(user));
  const [saving, setSaving] = useState(false);

  async function change(name: keyof NotificationSettings, value: boolean): Promise<void> {
    const previous = settings;
    const next = { ...settings, [name]: value };
    setSettings(next);
    setSaving(true);
    try {
      await accountsApi.notifications(next);
      showAlert(t('auth.alerts.dataUpdated'));
    } catch (error) {
      setSettings(previous);
      showAlert(error instanceof ApiError ? error.message : t('error.server_text'), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <ProfileSection id="notifications" title={t('auth.profile.notificationsTitle')}>
      <div className="profile-section__stack">
        <Checkbox
          name="notifyPasswordChange"
          label={t('auth.profile.notifyPasswordChange')}
          value={settings.notifyPasswordChange}
          disabled={saving}
          onCommit={(value) => void change('notifyPasswordChange', value)}
        />
        <Checkbox
          name="notifySignIn"
          label={t('auth.profile.notifySignIn')}
          value={settings.notifySignIn}
          disabled={saving}
          onCommit={(value) => void change('notifySignIn', value)}
        />
      </div>
    </ProfileSection>
  );
}
