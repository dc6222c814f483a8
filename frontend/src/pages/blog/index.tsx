import { InfoPage } from '../../layout/InfoPage';

export default function BlogPage() {
  return <InfoPage name="blog" />;
}
