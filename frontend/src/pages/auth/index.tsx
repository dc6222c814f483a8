import { InfoPage } from '../../layout/InfoPage';

export default function AuthLinkPage() {
  return <InfoPage name="auth" />;
}
