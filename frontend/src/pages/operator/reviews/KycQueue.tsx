/**
 * The identity-verification queue (kind `kyc` of the review queues): submissions oldest first,
 * document and selfie side by side (short-lived signed links; every view is audited), verify or
 * refuse with a reason the user sees and a final checkbox. Live: `kyc:changed` reloads it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_FILE_FIELDS, MAX_KYC_REASON, type KycDecision, type KycQueueItem } from '../../../../../common/kyc';
import { Button } from '../../../components/Button';
import { useRefreshOn } from '../../../realtime/useRefreshOn';
import { KYC_QUEUE_KEY, KYC_QUEUE_REFRESH_MS, kycQueueApi } from './kycApi';
import { DecisionModal, QueueList, ReasonField, useDecision } from './parts';
import './kyc.css';

export function KycQueue() {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<{ item: KycQueueItem; decision: KycDecision } | null>(null);
  useRefreshOn('kyc:changed', KYC_QUEUE_KEY);
  const query = useInfiniteQuery({
    queryKey: KYC_QUEUE_KEY,
    queryFn: ({ pageParam }) => kycQueueApi.list(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: KYC_QUEUE_REFRESH_MS,
  });

  return (
    <>
      <QueueList query={query} empty={t('kyc.queue.empty')} loadError={t('kyc.queue.loadError')} testId="reviews-kyc">
        {(item) => <KycCard key={item.id} item={item} onDecide={(decision) => setDeciding({ item, decision })} />}
      </QueueList>
      {deciding && <KycDecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}

function KycCard({ item, onDecide }: { item: KycQueueItem; onDecide: (decision: KycDecision) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="reviews-card kyc-card" data-testid={`kyc-review-${item.id}`}>
      <div className="kyc-card__files">
        {KYC_FILE_FIELDS.map((kind) => {
          const url = item[kind];
          const label = t(`kyc.queue.${kind}`);
          return (
            <figure key={kind} className="kyc-card__file">
              {url ? (
                <a href={url} target="_blank" rel="noreferrer" className="reviews-preview">
                  <img src={url} alt={t('kyc.queue.alt', { file: label, email: item.email })} loading="lazy" />
                </a>
              ) : (
                <p className="order-muted">{t('kyc.queue.fileGone')}</p>
              )}
              <figcaption>{label}</figcaption>
            </figure>
          );
        })}
      </div>
      <div className="reviews-facts">
        <strong>{item.email}</strong>
        {item.name && <span>{item.name}</span>}
        <span className="order-muted">{t('kyc.queue.submitted', { at: new Date(item.submittedAt).toLocaleString(i18n.language) })}</span>
      </div>
      <div className="reviews-buttons">
        <Button onClick={() => onDecide('approve')} data-testid={`kyc-approve-${item.id}`}>
          {t('kyc.queue.approve')}
        </Button>
        <Button color="secondary" variant="ghost" onClick={() => onDecide('reject')} data-testid={`kyc-reject-${item.id}`}>
          {t('kyc.queue.reject')}
        </Button>
      </div>
    </li>
  );
}

function KycDecisionDialog({ item, decision, onClose }: { item: KycQueueItem; decision: KycDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [final, setFinal] = useState(false);
  const { busy, error, decide } = useDecision(KYC_QUEUE_KEY, onClose);
  const tooLong = reason.length > MAX_KYC_REASON;
  const missing = decision === 'reject' && reason.trim() === '';
  const submit = () => decide(() => kycQueueApi.decide(item.userId, decision, decision === 'reject' ? { reason: reason.trim(), final } : {}));

  return (
    <DecisionModal
      title={t(`kyc.queue.${decision}Title`, { email: item.email })}
      confirmLabel={t(`kyc.queue.${decision}`)}
      refusal={decision === 'reject'}
      busy={busy}
      disabled={tooLong || missing}
      error={error}
      confirmTestId="kyc-confirm"
      onConfirm={() => void submit()}
      onClose={onClose}
    >
      {decision === 'reject' ? (
        <>
          <ReasonField label={t('kyc.queue.reason')} value={reason} max={MAX_KYC_REASON} onChange={setReason} />
          <label className="kyc-final">
            <input type="checkbox" name="final" checked={final} onChange={(event) => setFinal(event.currentTarget.checked)} />
            <span>{t('kyc.queue.final')}</span>
          </label>
        </>
      ) : (
        <p>{t('kyc.queue.approveText')}</p>
      )}
    </DecisionModal>
  );
}
