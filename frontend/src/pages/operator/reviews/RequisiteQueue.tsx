/**
 * The console's `requisites` queue: saved cards whose photo waits for a decision, oldest first,
 * the photo through a short-lived signed link, a card verified for another account flagged.
 * Live: `requisites:queue` in the operators' room (a photo arrived, another operator decided) and
 * a reconnection reload it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REQUISITE_REASON, type RequisiteDto, type RequisiteReviewItem, type RequisiteReviewList } from '../../../../../common/requisites';
import { api, apiUrl } from '../../../api/client';
import { Button } from '../../../components/Button';
import { DecisionModal, QueueList, ReasonField, useDecision } from './parts';
import { useRefreshOn } from '../../../realtime/useRefreshOn';

export const REQUISITE_QUEUE_KEY = ['operator', 'reviews', 'requisites'] as const;

const queueApi = {
  list: (cursor: string | null) => api.get<RequisiteReviewList>('/operator/reviews/requisites', { query: { cursor: cursor ?? undefined } }),
  decide: (id: number, decision: 'approve' | 'reject', reason?: string) =>
    api.post<RequisiteDto>(`/operator/reviews/requisites/${id}/${decision}`, reason ? { reason } : {}),
};

export function RequisiteQueue() {
  const { t, i18n } = useTranslation();
  const [deciding, setDeciding] = useState<{ item: RequisiteReviewItem; decision: 'approve' | 'reject' } | null>(null);
  const query = useInfiniteQuery({
    queryKey: REQUISITE_QUEUE_KEY,
    queryFn: ({ pageParam }) => queueApi.list(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  useRefreshOn('requisites:queue', REQUISITE_QUEUE_KEY, { onConnect: false });
  return (
    <>
      <QueueList query={query} empty={t('requisites.review.empty')} loadError={t('reviews.loadError')} testId="reviews-requisites">
        {(item) => (
          <li key={item.id} className="reviews-card" data-testid={`review-requisite-${item.id}`}>
            <a href={apiUrl(item.photoUrl.replace(/^\/api/, ''))} target="_blank" rel="noreferrer" className="reviews-preview" aria-label={t('reviews.open')}>
              <img src={apiUrl(item.photoUrl.replace(/^\/api/, ''))} alt={t('requisites.review.alt', { id: item.id })} loading="lazy" />
            </a>
            <div className="reviews-facts">
              <strong>{item.masked}</strong>
              <span>{item.asset}</span>
              <span className="order-muted">{item.email}</span>
              {item.holder && <span className="order-muted">{t('requisites.review.holder', { holder: item.holder })}</span>}
              {item.expires && <span className="order-muted">{t('requisites.expires', { date: item.expires })}</span>}
              {item.shared && (
                <span className="order-notice order-notice--error" data-testid={`requisite-shared-${item.id}`}>
                  {t('requisites.review.shared')}
                </span>
              )}
              <span className="order-muted">{t('reviews.uploaded', { at: new Date(item.uploadedAt).toLocaleString(i18n.language) })}</span>
            </div>
            <div className="reviews-buttons">
              <Button onClick={() => setDeciding({ item, decision: 'approve' })} data-testid={`approve-requisite-${item.id}`}>
                {t('reviews.approve')}
              </Button>
              <Button color="secondary" variant="ghost" onClick={() => setDeciding({ item, decision: 'reject' })} data-testid={`reject-requisite-${item.id}`}>
                {t('reviews.reject')}
              </Button>
            </div>
          </li>
        )}
      </QueueList>
      {deciding && <RequisiteDecision {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}

function RequisiteDecision({ item, decision, onClose }: { item: RequisiteReviewItem; decision: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, error, decide } = useDecision(REQUISITE_QUEUE_KEY, onClose);
  const submit = () => decide(() => queueApi.decide(item.id, decision, decision === 'reject' ? reason.trim() || undefined : undefined));
  return (
    <DecisionModal
      title={t(`reviews.dialog.${decision}Title`, { uid: item.masked })}
      confirmLabel={t(`reviews.${decision}`)}
      refusal={decision === 'reject'}
      busy={busy}
      disabled={reason.length > MAX_REQUISITE_REASON}
      error={error}
      confirmTestId="review-confirm"
      onConfirm={() => void submit()}
      onClose={onClose}
    >
      {decision === 'reject' ? (
        <>
          <ReasonField label={t('reviews.dialog.reason')} value={reason} max={MAX_REQUISITE_REASON} placeholder={t('requisites.rejectedDefault')} onChange={setReason} />
          <span className="order-muted">{t('reviews.dialog.reasonHint')}</span>
        </>
      ) : (
        <p>{t('requisites.review.approveText')}</p>
      )}
    </DecisionModal>
  );
}
