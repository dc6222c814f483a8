import { UserAreaLayout } from '../../layout/UserAreaLayout';

export default function UserPartnerPage() {
  return <UserAreaLayout name="userPartner" />;
}
