import { InfoPage } from '../../layout/InfoPage';

export default function AllReviewsPage() {
  return <InfoPage name="allReviews" />;
}
