import type { OperatorOrderDto } from '../../../../../common/orders';
import type { ReviewDecision, ReviewKind, ReviewList } from '../../../../../common/reviews';
import { api } from '../../../api/client';

export const reviewsApi = {
  list: (kind: ReviewKind, cursor: string | null) => api.get<ReviewList>('/operator/reviews', { query: { kind, cursor: cursor ?? undefined } }),
  decide: (kind: ReviewKind, uid: string, decision: ReviewDecision, reason?: string) =>
    api.post<OperatorOrderDto>(`/operator/reviews/${kind}/${encodeURIComponent(uid)}/${decision}`, reason ? { reason } : {}),
};

export const reviewsKey = (kind: ReviewKind) => ['operator', 'reviews', kind] as const;
