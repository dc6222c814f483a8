import { CardGrid } from '../../layout/CardGrid';
import { ContentSection } from '../../layout/ContentSection';
import { InfoPage } from '../../layout/InfoPage';

export default function AmlKycPage() {
  return (
    <InfoPage name="amlKyc">
      <ContentSection textKey="pages.amlKyc.why" />
      <CardGrid listKey="pages.amlKyc.statuses" />
      <ContentSection textKey="pages.amlKyc.cardPhoto" />
    </InfoPage>
  );
}
