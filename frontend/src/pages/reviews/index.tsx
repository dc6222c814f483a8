import { InfoPage } from '../../layout/InfoPage';

export default function ReviewsPage() {
  return <InfoPage name="reviews" />;
}
