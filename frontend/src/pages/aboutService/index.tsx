import { CardGrid } from '../../layout/CardGrid';
import { ContentSection } from '../../layout/ContentSection';
import { InfoPage } from '../../layout/InfoPage';

export default function AboutServicePage() {
  return (
    <InfoPage name="aboutService">
      <ContentSection textKey="pages.aboutService.what" />
      <CardGrid listKey="pages.aboutService.features" />
    </InfoPage>
  );
}
