import { useTranslation } from 'react-i18next';
import type { PublicReviewDto } from '../../../common/customerReviews';
import './reviews.css';

/** A rating as five stars, read out as "Rating: 4 of 5". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="review-stars" role="img" aria-label={t('customerReviews.rating', { rating })}>
      {'★'.repeat(rating)}
      <span className="review-stars__empty">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function ReviewCard({ review }: { review: PublicReviewDto }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <li className="card review-card" data-testid={`review-${review.id}`} lang={review.lang}>
      <div className="review-card__head">
        <span className="review-card__name">{review.name}</span>
        <Stars rating={review.rating} />
        <time className="review-card__date" dateTime={review.createdAt}>
          {date(review.createdAt)}
        </time>
      </div>
      <p className="review-card__text">{review.text}</p>
      {review.reply && (
        <div className="review-card__reply" data-testid="review-reply">
          <p className="review-card__reply-title">{t('customerReviews.reply')}</p>
          <p className="review-card__text">{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

/** Published reviews, as given (newest first). */
export function ReviewList({ reviews }: { reviews: readonly PublicReviewDto[] }) {
  return (
    <ul className="review-list" data-testid="review-list">
      {reviews.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
    </ul>
  );
}
