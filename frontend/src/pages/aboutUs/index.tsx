import { InfoPage } from '../../layout/InfoPage';

export default function AboutUsPage() {
  return <InfoPage name="aboutUs" />;
}
