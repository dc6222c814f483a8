import type { KycDecision, KycQueueList } from '../../../../../common/kyc';
import { api } from '../../../api/client';

export const kycQueueApi = {
  list: (cursor: string | null) => api.get<KycQueueList>('/operator/reviews', { query: { kind: 'kyc', cursor: cursor ?? undefined } }),
  decide: (userId: number, decision: KycDecision, body: { reason?: string; final?: boolean }) =>
    api.post<KycQueueList>(`/operator/kyc/${userId}/${decision}`, body),
};

export const KYC_QUEUE_KEY = ['operator', 'reviews', 'kyc'] as const;
/** Signed file links last 5 minutes: the queue is read again before they run out. */
export const KYC_QUEUE_REFRESH_MS = 4 * 60_000;
