import { UserAreaLayout } from '../../layout/UserAreaLayout';

export default function UserExchangesPage() {
  return <UserAreaLayout name="userExchanges" />;
}
