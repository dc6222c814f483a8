/**
 * The review queues: card photos and payment receipts waiting for a decision, oldest first, one
 * tab each. Live: every order change reaching the operators' room (`operators:order`: a new
 * upload, another operator's decision) reloads the open queue, and so does a reconnection.
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_REASON } from '../../../../../common/orders';
import { REVIEW_KINDS, type ReviewItem, type ReviewKind } from '../../../../../common/reviews';
import { formatMoney } from '../../../../../common/money';
import { Button } from '../../../components/Button';
import { useAssetName } from '../../../exchange/useAssetName';
import { formatDateTime } from '../../../lib/dateTime';
import { operatorApi } from '../../../orders/api';
import { withOrderSocket } from '../../../orders/socketSource';
import { reviewsApi, reviewsKey } from './api';
import { KycQueue } from './KycQueue';
import { DecisionModal, QueueList, ReasonField, useDecision } from './parts';
import { RequisiteQueue } from './RequisiteQueue';
import '../../order/order.css';
import '../operator.css';
import './reviews.css';

function useLiveQueues(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    return withOrderSocket((socket) => {
      const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operator', 'reviews'] });
      socket.on('operators:order', refresh);
      socket.on('connect', refresh);
      if (socket.connected) socket.disconnect().connect();
      return () => {
        socket.off('operators:order', refresh);
        socket.off('connect', refresh);
      };
    });
  }, [queryClient]);
}

/** The order files' queues, then identity verification (its own kind: KycQueue.tsx). */
const TABS = [...REVIEW_KINDS, 'kyc', 'requisites'] as const;
type Tab = (typeof TABS)[number];

export default function ReviewsSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Tab>('card');
  useLiveQueues();
  return (
    <section className="operator-console reviews" aria-label={t('reviews.title')}>
      <h1 className="reviews-title">{t('reviews.title')}</h1>
      <div className="reviews-tabs" role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`reviews-tab-${tab}`}
            aria-selected={tab === kind}
            aria-controls="reviews-panel"
            className={tab === kind ? 'reviews-tab reviews-tab--active' : 'reviews-tab'}
            onClick={() => setKind(tab)}
            data-testid={`reviews-tab-${tab}`}
          >
            {t(tab === 'kyc' ? 'kyc.queue.tab' : tab === 'requisites' ? 'requisites.review.tab' : `reviews.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="reviews-panel" role="tabpanel" aria-labelledby={`reviews-tab-${kind}`}>
        {kind === 'kyc' ? <KycQueue /> : kind === 'requisites' ? <RequisiteQueue /> : <ReviewQueue key={kind} kind={kind} />}
      </div>
    </section>
  );
}

function ReviewQueue({ kind }: { kind: ReviewKind }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<{ item: ReviewItem; decision: 'approve' | 'reject' } | null>(null);
  const query = useInfiniteQuery({
    queryKey: reviewsKey(kind),
    queryFn: ({ pageParam }) => reviewsApi.list(kind, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

  return (
    <>
      <QueueList query={query} empty={t(`reviews.empty.${kind}`)} loadError={t('reviews.loadError')} testId={`reviews-${kind}`}>
        {(item) => <ReviewCard key={item.uid} item={item} onDecide={(decision) => setDeciding({ item, decision })} />}
      </QueueList>
      {deciding && <ReviewDecision {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}

function ReviewCard({ item, onDecide }: { item: ReviewItem; onDecide: (decision: 'approve' | 'reject') => void }) {
  const { t, i18n } = useTranslation();
  const nameOf = useAssetName();
  const url = operatorApi.fileUrl(item.uid, item.kind);
  return (
    <li className="reviews-card" data-testid={`review-${item.uid}`}>
      <a href={url} target="_blank" rel="noreferrer" className="reviews-preview" aria-label={t('reviews.open')}>
        <img src={url} alt={t(`reviews.alt.${item.kind}`, { uid: item.uid })} loading="lazy" />
      </a>
      <div className="reviews-facts">
        <strong>{item.uid}</strong>
        <span data-testid="amounts">
          {formatMoney(item.amountSend, item.from.currency)} <span className="order-muted">{nameOf(item.from)}</span> → {formatMoney(item.amountReceive, item.to.currency)}{' '}
          <span className="order-muted">{nameOf(item.to)}</span>
        </span>
        <span className="order-muted">{item.email}</span>
        {item.senderAccount && <span className="order-muted">{item.senderAccount}</span>}
        <span className="order-muted">
          {t('reviews.uploaded', { at: formatDateTime(item.uploadedAt, i18n.language) })}
        </span>
      </div>
      <div className="reviews-buttons">
        <Button onClick={() => onDecide('approve')} data-testid={`approve-${item.uid}`}>
          {t('reviews.approve')}
        </Button>
        <Button color="secondary" variant="ghost" onClick={() => onDecide('reject')} data-testid={`reject-${item.uid}`}>
          {t('reviews.reject')}
        </Button>
      </div>
    </li>
  );
}

function ReviewDecision({ item, decision, onClose }: { item: ReviewItem; decision: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, error, decide } = useDecision(reviewsKey(item.kind), onClose);
  const tooLong = reason.length > MAX_REVIEW_REASON;
  const submit = () => decide(() => reviewsApi.decide(item.kind, item.uid, decision, decision === 'reject' ? reason.trim() || undefined : undefined));

  return (
    <DecisionModal
      title={t(`reviews.dialog.${decision}Title`, { uid: item.uid })}
      confirmLabel={t(`reviews.${decision}`)}
      refusal={decision === 'reject'}
      busy={busy}
      disabled={tooLong}
      error={error}
      confirmTestId="review-confirm"
      onConfirm={() => void submit()}
      onClose={onClose}
    >
      {decision === 'reject' ? (
        <>
          <ReasonField
            label={t('reviews.dialog.reason')}
            value={reason}
            max={MAX_REVIEW_REASON}
            placeholder={t(item.kind === 'card' ? 'order.card.rejected' : 'order.pay.receiptRejected')}
            onChange={setReason}
          />
          <span className="order-muted">{t('reviews.dialog.reasonHint')}</span>
        </>
      ) : (
        <p>{t(`reviews.dialog.approveText.${item.kind}`)}</p>
      )}
    </DecisionModal>
  );
}
