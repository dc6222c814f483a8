import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { PageHeader } from '../../layout/PageHeader';
import { useLatestReviews } from '../../reviews/api';
import { ReviewForm } from '../../reviews/ReviewForm';
import { ReviewList } from '../../reviews/ReviewList';
import { ReviewsState, ReviewSummaryLine } from '../../reviews/parts';

/** How many of the latest reviews `/reviews` shows. */
export const LATEST_REVIEWS = 5;

/** `/reviews`: the average and count, the latest published reviews, and the form to leave one. */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const latest = useLatestReviews(LATEST_REVIEWS);
  return (
    <div className="container page">
      <PageHeader name="reviews">
        <ReviewSummaryLine />
      </PageHeader>
      <div className="reviews-layout">
        <section aria-labelledby="latest-reviews-title">
          <h2 id="latest-reviews-title">{t('customerReviews.latestTitle')}</h2>
          <ReviewsState query={latest} empty={t('customerReviews.empty')}>
            {(data) => <ReviewList reviews={data.reviews} />}
          </ReviewsState>
          <Button href="/reviews/all-reviews" variant="ghost" color="secondary">
            {t('customerReviews.allLink')}
          </Button>
        </section>
        <ReviewForm />
      </div>
    </div>
  );
}
