import { UserAreaLayout } from '../../layout/UserAreaLayout';

export default function UserApiPage() {
  return <UserAreaLayout name="userApi" />;
}
