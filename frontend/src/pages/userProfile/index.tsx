import { useTranslation } from 'react-i18next';
import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { useSessionStore } from '../../stores/session';

/** The profile: what the session already tells about the user; editing arrives with the accounts issue. */
export default function UserProfilePage() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const fullName = [user?.firstName, user?.secondName].filter(Boolean).join(' ');
  const rows = [
    { label: t('pages.userProfile.email'), value: user?.email ?? '' },
    { label: t('pages.userProfile.name'), value: fullName || t('pages.userProfile.notSet') },
    {
      label: t('pages.userProfile.kyc'),
      value: t(`pages.userProfile.kycStatus.${user?.kycStatus ?? 'none'}`),
    },
    {
      label: t('pages.userProfile.twoFactor'),
      value: user?.twoFactorEnabled ? t('pages.userProfile.enabled') : t('pages.userProfile.disabled'),
    },
  ];
  return (
    <UserAreaLayout name="userProfile">
      <dl className="facts card">
        {rows.map((row) => (
          <div key={row.label} className="facts__row">
            <dt className="facts__label">{row.label}</dt>
            <dd className="facts__value">{row.value}</dd>
          </div>
        ))}
      </dl>
    </UserAreaLayout>
  );
}
