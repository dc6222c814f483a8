import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../common/api';
import type { PublicReviewList, ReviewableOrderDto, ReviewSubmitInput, ReviewSubmitted, ReviewSummary } from '../../../common/customerReviews';
import { api } from '../api/client';

export const REVIEWS_KEY = ['reviews'] as const;

export interface ReviewFilter {
  lang?: Lang;
  rating?: number;
}

/** `GET /api/reviews/summary`: the average rating and the count of published reviews. */
export function useReviewSummary() {
  return useQuery({ queryKey: [...REVIEWS_KEY, 'summary'], queryFn: () => api.get<ReviewSummary>('/reviews/summary') });
}

/** The latest published reviews (one page of `limit`). */
export function useLatestReviews(limit: number) {
  return useQuery({ queryKey: [...REVIEWS_KEY, 'latest', limit], queryFn: () => api.get<PublicReviewList>('/reviews', { query: { limit } }) });
}

/** Every published review by the filter, page after page (cursor pagination). */
export function useAllReviews(filter: ReviewFilter) {
  return useInfiniteQuery({
    queryKey: [...REVIEWS_KEY, 'all', filter.lang ?? '', filter.rating ?? ''],
    queryFn: ({ pageParam }) => api.get<PublicReviewList>('/reviews', { query: { lang: filter.lang, rating: filter.rating, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A signed-in customer's done orders without a review (`enabled` only when signed in). */
export function useReviewableOrders(enabled: boolean) {
  return useQuery({
    queryKey: [...REVIEWS_KEY, 'my-orders'],
    queryFn: () => api.get<{ orders: ReviewableOrderDto[] }>('/reviews/my-orders'),
    enabled,
  });
}

export function submitReview(input: ReviewSubmitInput): Promise<ReviewSubmitted> {
  return api.post<ReviewSubmitted>('/reviews', input);
}
