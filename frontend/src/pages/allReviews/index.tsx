import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { LANGS, isLang } from '../../../../common/api';
import { REVIEW_RATINGS } from '../../../../common/customerReviews';
import { Button } from '../../components/Button';
import { Select } from '../../components/form';
import { PageHeader } from '../../layout/PageHeader';
import { navigate } from '../../router/navigation';
import { useAllReviews, type ReviewFilter } from '../../reviews/api';
import { ReviewList } from '../../reviews/ReviewList';
import { ReviewsState, ReviewSummaryLine } from '../../reviews/parts';

/** The filter as the address keeps it: `?lang=en&rating=5`. */
function readFilter(search: string): ReviewFilter {
  const params = new URLSearchParams(search);
  const lang = params.get('lang');
  const rating = Number(params.get('rating'));
  return { lang: isLang(lang) ? lang : undefined, rating: (REVIEW_RATINGS as readonly number[]).includes(rating) ? rating : undefined };
}

/** `/reviews/all-reviews`: every published review, newest first, page after page, by language and rating. */
export default function AllReviewsPage() {
  const { t } = useTranslation();
  const filter = readFilter(useSearch());
  const reviews = useAllReviews(filter);
  const setFilter = (next: ReviewFilter) => {
    const params = new URLSearchParams();
    if (next.lang) params.set('lang', next.lang);
    if (next.rating) params.set('rating', String(next.rating));
    const query = params.toString();
    navigate(`/reviews/all-reviews${query ? `?${query}` : ''}`, { replace: true });
  };
  const filtered = filter.lang !== undefined || filter.rating !== undefined;
  const flat = reviews.data ? { reviews: reviews.data.pages.flatMap((page) => page.reviews), nextCursor: null } : undefined;
  return (
    <div className="container page">
      <PageHeader name="allReviews">
        <ReviewSummaryLine />
      </PageHeader>
      <div className="review-filters" role="group" aria-label={t('customerReviews.filters.title')}>
        <Select
          label={t('customerReviews.filters.lang')}
          name="lang"
          value={filter.lang ?? ''}
          onCommit={(value) => setFilter({ ...filter, lang: isLang(value) ? value : undefined })}
          options={[{ value: '', label: t('customerReviews.filters.any') }, ...LANGS.map((value) => ({ value, label: t(`customerReviews.langs.${value}`) }))]}
        />
        <Select
          label={t('customerReviews.filters.rating')}
          name="rating"
          value={filter.rating ? String(filter.rating) : ''}
          onCommit={(value) => setFilter({ ...filter, rating: value ? Number(value) : undefined })}
          options={[
            { value: '', label: t('customerReviews.filters.any') },
            ...REVIEW_RATINGS.map((rating) => ({ value: String(rating), label: t('customerReviews.filters.stars', { rating }) })),
          ]}
        />
      </div>
      <ReviewsState query={{ ...reviews, data: flat }} empty={t(filtered ? 'customerReviews.emptyFiltered' : 'customerReviews.empty')}>
        {(data) => <ReviewList reviews={data.reviews} />}
      </ReviewsState>
      {reviews.hasNextPage && (
        <Button variant="ghost" color="secondary" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          {t('customerReviews.more')}
        </Button>
      )}
    </div>
  );
}
