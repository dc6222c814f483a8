import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { monitoringInOut } from '../../../../common/rateMath';
import { formatMoney, formatRate } from '../../../../common/money';
import { useAssetName } from '../../exchange/useAssetName';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="order-summary-list__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every detail of the order (spec §3): what the customer checks before confirming. */
export function OrderSummary({ order }: { order: OrderDto }) {
  const { t, i18n } = useTranslation();
  const nameOf = useAssetName();
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const rateRule =
    order.rateType === 'fixed'
      ? order.rateLockedUntil && t('order.details.fixedUntil', { time: time(order.rateLockedUntil) })
      : order.rateSource
        ? t('order.details.floating', { source: t(`order.rateSources.${order.rateSource}`, { defaultValue: order.rateSource }) })
        : t('order.details.floatingNoSource');
  // As the widget shows it: the side worth less is counted per one unit of the other.
  const rate = monitoringInOut(order.rate, order.from.precision);
  const extras = Object.entries(order.extra).filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <section className="card order-card" aria-labelledby="order-summary-title">
      <h2 className="order-card__title" id="order-summary-title">
        {t('order.details.title')}
      </h2>
      <dl className="order-summary-list">
        <Row label={t('order.details.id')} testId="order-uid">
          {order.uid}
        </Row>
        <Row label={t('order.details.send')} testId="order-send">
          {formatMoney(order.amountSend, order.from.currency)} <span className="order-muted">· {nameOf(order.from)}</span>
        </Row>
        <Row label={t('order.details.receive')} testId="order-receive">
          {formatMoney(order.amountReceive, order.to.currency)} <span className="order-muted">· {nameOf(order.to)}</span>
        </Row>
        <Row label={t('order.details.rate')} testId="order-rate">
          {formatRate(rate, order.from.currency, order.to.currency)}
        </Row>
        <Row label={t('order.details.rateType')}>
          {t(`exchange.rateType.${order.rateType}`)}
          {rateRule && (
            <span className="order-summary-list__note" data-testid="order-rate-rule">
              {rateRule}
            </span>
          )}
        </Row>
        {order.receivedAmount !== null && (
          <Row label={t('order.details.received')}>{formatMoney(order.receivedAmount, order.from.currency)}</Row>
        )}
        <Row label={t('order.details.email')}>{order.email}</Row>
        {order.senderAccount && <Row label={t('order.details.senderAccount')}>{order.senderAccount}</Row>}
        {order.receiverAccount && <Row label={t('order.details.receiverAccount')}>{order.receiverAccount}</Row>}
        {extras.map(([name, value]) => (
          <Row key={name} label={t(`exchange.details.extra.${name}`)}>
            {value}
          </Row>
        ))}
        {order.comment && <Row label={t('order.details.comment')}>{order.comment}</Row>}
      </dl>
    </section>
  );
}
