import { InfoPage } from '../../layout/InfoPage';

export default function TermsPage() {
  return <InfoPage name="terms" />;
}
