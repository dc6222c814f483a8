import { CardGrid } from '../../layout/CardGrid';
import { InfoPage } from '../../layout/InfoPage';

export default function HowItWorksPage() {
  return (
    <InfoPage name="howItWorks">
      <CardGrid listKey="pages.howItWorks.steps" numbered />
    </InfoPage>
  );
}
