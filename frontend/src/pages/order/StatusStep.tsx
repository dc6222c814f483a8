/** Processing and finished: where the order stands, the refund address when it matters, and its history. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { stepHeading } from '../../../../common/orderTexts';
import type { OrderDto } from '../../../../common/orders';
import { formatDateTime } from '../../lib/dateTime';
import { needsRefundAddress, statusKey } from '../../orders/status';
import type { StepProps } from './steps';

// A form with the validation library, needed only by an order waiting for a refund address: its own chunk.
const RefundAddressForm = lazy(() => import('./RefundAddressForm').then((module) => ({ default: module.RefundAddressForm })));

export function StatusStep({ order, actions }: StepProps) {
  const { t, i18n } = useTranslation();
  const heading = stepHeading(order);
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section className="card order-card order-step" aria-labelledby="order-step-title">
      <h2 className="order-card__title" id="order-step-title">
        {t(heading.title)}
      </h2>
      <p className="order-text" data-testid="order-status-text">
        {t(heading.text ?? '')}
      </p>
      {needsRefundAddress(order) && (
        <Suspense fallback={<p className="order-muted">{t('order.refund.title')}</p>}>
          <RefundAddressForm order={order} actions={actions} />
        </Suspense>
      )}
      <h3 className="order-subtitle">{t('order.history.title')}</h3>
      {order.history.length === 0 ? (
        <p className="order-muted">{t('order.history.empty')}</p>
      ) : (
        <ol className="order-history" data-testid="order-history">
          {[...order.history].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="order-history__item">
              <time dateTime={entry.at}>{time(entry.at)}</time>
              <span className="order-history__status">{t(statusKey({ status: entry.to, deleteReason: entry.action === 'expired' ? 'expired' : null }))}</span>
              <span className="order-muted">
                {t(`order.history.actors.${entry.actor}`)} · {t(`order.history.actions.${entry.action}`, { defaultValue: entry.action })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

