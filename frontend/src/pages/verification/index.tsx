import { CardGrid } from '../../layout/CardGrid';
import { InfoPage } from '../../layout/InfoPage';

export default function VerificationPage() {
  return (
    <InfoPage name="verification">
      <CardGrid listKey="pages.verification.benefits" />
    </InfoPage>
  );
}
