import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { useSessionStore } from '../../stores/session';
import '../../accounts/accounts.css';
import { DangerZone } from './DangerZone';
import { MainDataForm } from './MainDataForm';
import { NotificationsForm } from './NotificationsForm';
import { PasswordForm } from './PasswordForm';
import { SecuritySection } from './SecuritySection';

/** `/user/profile`: personal data, notifications, password, KYC status, two-factor, block and delete. */
export default function UserProfilePage() {
  const user = useSessionStore((state) => state.user);
  return (
    <UserAreaLayout name="userProfile">
      {user && (
        <div className="profile">
          <MainDataForm key={`main-${user.id}`} user={user} />
          <SecuritySection user={user} />
          <NotificationsForm key={`notify-${user.id}`} user={user} />
          <PasswordForm />
          <DangerZone />
        </div>
      )}
    </UserAreaLayout>
  );
}
