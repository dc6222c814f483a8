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
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { PageLoader } from '../../../layout/PageLoader';
import { operatorApi } from '../../../orders/api';
import { orderSocket } from '../../../orders/socketSource';
import { reviewsApi, reviewsKey } from './api';
import '../../order/order.css';
import '../operator.css';
import './reviews.css';

function useLiveQueues(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = orderSocket();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operator', 'reviews'] });
    socket.on('operators:order', refresh);
    socket.on('connect', refresh);
    if (socket.connected) socket.disconnect().connect();
    return () => {
      socket.off('operators:order', refresh);
      socket.off('connect', refresh);
    };
  }, [queryClient]);
}

export default function ReviewsSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ReviewKind>('card');
  useLiveQueues();
  return (
    <section className="operator-console reviews" aria-label={t('reviews.title')}>
      <h1 className="reviews-title">{t('reviews.title')}</h1>
      <div className="reviews-tabs" role="tablist">
        {REVIEW_KINDS.map((tab) => (
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
            {t(`reviews.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="reviews-panel" role="tabpanel" aria-labelledby={`reviews-tab-${kind}`}>
        <ReviewQueue key={kind} kind={kind} />
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
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <div className="order-notice order-notice--error" role="alert">
        <p>{query.error instanceof ApiError ? query.error.message : t('reviews.loadError')}</p>
        <Button variant="ghost" color="secondary" onClick={() => void query.refetch()}>
          {t('reviews.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {items.length === 0 ? (
        <p className="order-muted" data-testid="reviews-empty">
          {t(`reviews.empty.${kind}`)}
        </p>
      ) : (
        <ul className="reviews-list" data-testid={`reviews-${kind}`}>
          {items.map((item) => (
            <ReviewCard key={item.uid} item={item} onDecide={(decision) => setDeciding({ item, decision })} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="ghost" color="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('reviews.loadMore')}
        </Button>
      )}
      {deciding && <DecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}

function ReviewCard({ item, onDecide }: { item: ReviewItem; onDecide: (decision: 'approve' | 'reject') => void }) {
  const { t, i18n } = useTranslation();
  const url = operatorApi.fileUrl(item.uid, item.kind);
  return (
    <li className="reviews-card" data-testid={`review-${item.uid}`}>
      <a href={url} target="_blank" rel="noreferrer" className="reviews-preview" aria-label={t('reviews.open')}>
        <img src={url} alt={t(`reviews.alt.${item.kind}`, { uid: item.uid })} loading="lazy" />
      </a>
      <div className="reviews-facts">
        <strong>{item.uid}</strong>
        <span>
          {item.amountSend} {item.fromCode} → {item.amountReceive} {item.toCode}
        </span>
        <span className="order-muted">{item.email}</span>
        {item.senderAccount && <span className="order-muted">{item.senderAccount}</span>}
        <span className="order-muted">
          {t('reviews.uploaded', { at: new Date(item.uploadedAt).toLocaleString(i18n.language) })}
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

function DecisionDialog({ item, decision, onClose }: { item: ReviewItem; decision: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = reason.length > MAX_REVIEW_REASON;

  async function submit(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await reviewsApi.decide(item.kind, item.uid, decision, decision === 'reject' ? reason.trim() || undefined : undefined);
      await queryClient.invalidateQueries({ queryKey: reviewsKey(item.kind) });
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.fields?.reason ?? caught.message);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="small"
      title={t(`reviews.dialog.${decision}Title`, { uid: item.uid })}
      footer={
        <>
          <Button variant="ghost" color="secondary" onClick={onClose}>
            {t('reviews.dialog.cancel')}
          </Button>
          <Button
            color={decision === 'reject' ? 'secondary' : 'primary'}
            loading={busy}
            disabled={tooLong}
            onClick={() => void submit()}
            data-testid="review-confirm"
          >
            {t(`reviews.${decision}`)}
          </Button>
        </>
      }
    >
      {decision === 'reject' ? (
        <label className="reviews-reason">
          <span>{t('reviews.dialog.reason')}</span>
          <textarea
            name="reason"
            rows={4}
            value={reason}
            placeholder={t(item.kind === 'card' ? 'order.card.rejected' : 'order.pay.receiptRejected')}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={tooLong}
          />
          <span className={tooLong ? 'reviews-count reviews-count--over' : 'reviews-count'}>
            {reason.length} / {MAX_REVIEW_REASON}
          </span>
          <span className="order-muted">{t('reviews.dialog.reasonHint')}</span>
        </label>
      ) : (
        <p>{t(`reviews.dialog.approveText.${item.kind}`)}</p>
      )}
      {error && (
        <p className="order-notice order-notice--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
