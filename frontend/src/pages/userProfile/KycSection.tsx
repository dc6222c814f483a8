import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../common/api';
import { kycViewStatus } from '../../../../common/kyc';
import { Button } from '../../components/Button';
import { useKycStatus } from '../../kyc/useKycStatus';
import { ProfileSection } from './ProfileSection';

/** KYC status (approve = Verified, blocked = Not Verified, check = Under Review), live, with a refusal's reason. */
export function KycSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const details = useKycStatus();
  const kyc = kycViewStatus(user.kycStatus);
  const refusal = kyc === 'blocked' ? details.data : undefined;
  const canSubmit = kyc === 'none' || (kyc === 'blocked' && refusal?.final !== true);
  return (
    <ProfileSection id="kyc" title={t('auth.profile.kycTitle')}>
      <div className="profile-status">
        <span className={`profile-badge profile-badge--${kyc}`} data-testid="kyc-status">
          {t(`auth.profile.kycStatus.${kyc}`)}
        </span>
        {refusal?.reason && (
          <p className="profile-status__text" data-testid="kyc-profile-reason">
            {t('kyc.page.reason', { reason: refusal.reason })}
          </p>
        )}
        {refusal?.final && <p className="profile-status__text">{t('kyc.page.finalText')}</p>}
        <Button href="/user-actions/verification" variant="ghost" color="secondary" size="small">
          {t(canSubmit ? 'auth.profile.kycVerify' : 'kyc.profile.open')}
        </Button>
      </div>
    </ProfileSection>
  );
}
