import { CardGrid } from '../../layout/CardGrid';
import { ContentSection } from '../../layout/ContentSection';
import { InfoPage } from '../../layout/InfoPage';

export default function GuidePage() {
  return (
    <InfoPage name="guide">
      <CardGrid listKey="pages.guide.steps" numbered />
      <ContentSection textKey="pages.guide.cardPhoto" />
      <ContentSection textKey="pages.guide.timer" />
    </InfoPage>
  );
}
