import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_REPLY_MAX, REVIEW_STATUSES, type ReviewStatus, type StaffReviewDto, type StaffReviewList } from '../../../../../common/customerReviews';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Stars } from '../../../reviews/ReviewList';
import '../operator.css';
import './siteReviews.css';

const KEY = ['operator', 'site-reviews'] as const;

/** `/operator/siteReviews`: customers' reviews by status (waiting first), publish, reject, reply. */
export default function SiteReviewsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const list = useInfiniteQuery({
    queryKey: [...KEY, status],
    queryFn: ({ pageParam }) => api.get<StaffReviewList>('/operator/site-reviews', { query: { status, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const reviews = list.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section className="console-site-reviews" aria-label={t('console.sections.siteReviews')} data-testid="console-site-reviews">
      <p>{t('customerReviews.console.intro')}</p>
      <div className="site-reviews__tabs" role="tablist">
        {REVIEW_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === status}
            className={value === status ? 'site-reviews__tab site-reviews__tab--active' : 'site-reviews__tab'}
            onClick={() => setStatus(value)}
            data-testid={`site-reviews-tab-${value}`}
          >
            {t(`customerReviews.console.statuses.${value}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <p role="status">{t('customerReviews.loading')}</p>
      ) : list.isError ? (
        <p className="order-notice order-notice--error" role="alert">
          {list.error instanceof ApiError ? list.error.message : t('customerReviews.loadError')}
        </p>
      ) : reviews.length === 0 ? (
        <p className="operator-muted" data-testid="site-reviews-empty">{t('customerReviews.console.empty')}</p>
      ) : (
        <ul className="site-reviews__list" data-testid="site-reviews-list">
          {reviews.map((review) => (
            <StaffReview key={review.id} review={review} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="ghost" color="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('customerReviews.console.more')}
        </Button>
      )}
    </section>
  );
}

function StaffReview({ review }: { review: StaffReviewDto }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const refresh = () => void client.invalidateQueries({ queryKey: KEY });
  const decide = useMutation({
    mutationFn: (decision: 'publish' | 'reject') => api.post<StaffReviewDto>(`/operator/site-reviews/${review.id}/${decision}`, {}),
    onSuccess: refresh,
  });
  const answer = useMutation({
    mutationFn: () => api.post<StaffReviewDto>(`/operator/site-reviews/${review.id}/reply`, { text: reply }),
    onSuccess: refresh,
  });
  const failure = decide.error ?? answer.error;
  function submit(event: FormEvent) {
    event.preventDefault();
    answer.mutate();
  }
  return (
    <li className="site-reviews__item" data-testid={`site-review-${review.id}`}>
      <div className="site-reviews__head">
        <strong>{review.name}</strong>
        <Stars rating={review.rating} />
        <span>{t('customerReviews.console.order', { uid: review.orderUid })}</span>
        <span>{t(`customerReviews.langs.${review.lang}`)}</span>
        <time dateTime={review.createdAt}>{new Date(review.createdAt).toLocaleString(i18n.language)}</time>
      </div>
      <p className="site-reviews__text">{review.text}</p>
      <div className="site-reviews__actions">
        {review.status !== 'published' && (
          <Button size="small" onClick={() => decide.mutate('publish')} loading={decide.isPending && decide.variables === 'publish'}>
            {t('customerReviews.console.publish')}
          </Button>
        )}
        {review.status !== 'rejected' && (
          <Button size="small" variant="ghost" color="secondary" onClick={() => decide.mutate('reject')} loading={decide.isPending && decide.variables === 'reject'}>
            {t('customerReviews.console.reject')}
          </Button>
        )}
      </div>
      <form className="site-reviews__reply" onSubmit={submit}>
        <label className="operator-input">
          <span>{t('customerReviews.console.replyLabel')}</span>
          <textarea name="reply" rows={3} maxLength={REVIEW_REPLY_MAX} value={reply} onChange={(event) => setReply(event.currentTarget.value)} />
        </label>
        <Button type="submit" size="small" variant="ghost" color="secondary" loading={answer.isPending}>
          {t('customerReviews.console.replySave')}
        </Button>
        {answer.isSuccess && <p role="status">{t('customerReviews.console.replySaved')}</p>}
      </form>
      {failure && (
        <p className="order-notice order-notice--error" role="alert">
          {failure instanceof ApiError ? failure.message : t('customerReviews.loadError')}
        </p>
      )}
    </li>
  );
}
