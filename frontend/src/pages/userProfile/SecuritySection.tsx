import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../common/api';
import { Button } from '../../components/Button';
import { KycSection } from './KycSection';
import { ProfileSection } from './ProfileSection';

/** KYC status (approve = Verified, blocked = Not Verified, check = Under Review) and two-factor protection. */
export function SecuritySection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <>
      <KycSection user={user} />
      <ProfileSection id="two-factor" title={t('auth.profile.twoFactorTitle')}>
        <div className="profile-status">
          <span className={`profile-badge profile-badge--${user.twoFactorEnabled ? 'approve' : 'none'}`} data-testid="two-factor-status">
            {t(user.twoFactorEnabled ? 'pages.userProfile.enabled' : 'pages.userProfile.disabled')}
          </span>
          <p className="profile-status__text">{t(user.twoFactorEnabled ? 'auth.profile.twoFactorOn' : 'auth.profile.twoFactorOff')}</p>
          {user.twoFactorEnabled ? (
            <Button href="/user-actions/disable-otp" variant="ghost" color="secondary" size="small">
              {t('auth.profile.disableOtp')}
            </Button>
          ) : (
            <Button href="/user-actions/enable-otp" size="small">
              {t('auth.profile.enableOtp')}
            </Button>
          )}
        </div>
      </ProfileSection>
    </>
  );
}
