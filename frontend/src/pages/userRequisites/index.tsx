import { UserAreaLayout } from '../../layout/UserAreaLayout';

export default function UserRequisitesPage() {
  return <UserAreaLayout name="userRequisites" />;
}
