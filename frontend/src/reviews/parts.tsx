import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PublicReviewList } from '../../../common/customerReviews';
import { ApiError } from '../api/ApiError';
import { Button } from '../components/Button';
import { useReviewSummary } from './api';
import { Stars } from './ReviewList';
import '../exchange/states.css';

/** "4.6 of 5 · 12 reviews" (or "No reviews yet"). */
export function ReviewSummaryLine() {
  const { t } = useTranslation();
  const summary = useReviewSummary();
  if (!summary.data) return null;
  const { average, count } = summary.data;
  return (
    <p className="review-summary" data-testid="review-summary">
      {average === null ? (
        <span>{t('customerReviews.noRating')}</span>
      ) : (
        <>
          <span className="review-summary__average" aria-label={t('customerReviews.average')}>
            {t('customerReviews.averageValue', { average })}
          </span>
          <Stars rating={Math.round(Number(average))} />
          <span>{t('customerReviews.count', { count })}</span>
        </>
      )}
    </p>
  );
}

/** The loading, error (with a retry) and empty states around a list of reviews. */
export function ReviewsState({
  query,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error'> & { data: PublicReviewList | undefined; refetch: () => Promise<unknown> };
  empty: string;
  children: (data: PublicReviewList) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <p role="status">{t('customerReviews.loading')}</p>;
  if (query.isError || !query.data) {
    return (
      <div className="exchange-state" role="alert">
        <p className="exchange-state__title">{query.error instanceof ApiError ? query.error.message : t('customerReviews.loadError')}</p>
        <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
          {t('customerReviews.retry')}
        </Button>
      </div>
    );
  }
  if (query.data.reviews.length === 0) return <p data-testid="reviews-empty">{empty}</p>;
  return <>{children(query.data)}</>;
}
