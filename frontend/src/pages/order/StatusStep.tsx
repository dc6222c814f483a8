/** Processing and finished: where the order stands, the refund address when it matters, and its history. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';
import { awaitsFunds, finishedAs } from '../../../../common/orderRules';
import type { OrderDto } from '../../../../common/orders';
import { accountField } from '../../../../common/validation';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import { needsRefundAddress, statusKey } from '../../orders/status';
import type { StepProps } from './steps';

function statusText(order: OrderDto): string {
  if (order.step === 'finished') {
    return `order.finished.${finishedAs(order)}`;
  }
  if (order.exception) return `order.processing.${order.exception}`;
  return awaitsFunds(order) ? 'order.pay.paidAt' : 'order.processing.text';
}

function RefundAddressForm({ order, actions }: Pick<StepProps, 'order' | 'actions'>) {
  const { t } = useTranslation();
  const schema = useMemo(() => object({ address: accountField }), []);
  const form = useForm(schema, { address: order.refundAddress ?? '' });
  const [editing, setEditing] = useState(order.refundAddress === null);
  const onSubmit = form.handleSubmit(async ({ address }) => {
    const failed = await actions.run('refund-address', { body: { address: address.trim() }, alert: 'order.alerts.dataUpdated' });
    if (failed) form.setServerErrors(failed);
    else setEditing(false);
  });
  return (
    <form className="order-refund" noValidate onSubmit={onSubmit} aria-labelledby="order-refund-title" data-testid="refund-form">
      <h3 className="order-subtitle" id="order-refund-title">
        {t('order.refund.title')}
      </h3>
      {order.refundAddress && !editing ? (
        <p className="order-text">
          {t('order.refund.current', { address: order.refundAddress })}{' '}
          <button type="button" className="order-link-button" onClick={() => setEditing(true)}>
            {t('exchange.details.back')}
          </button>
        </p>
      ) : (
        <>
          <p className="order-text">{t('order.refund.text')}</p>
          <TextField {...form.field('address')} value={String(form.values.address)} label={t('order.refund.address')} autoComplete="off" required />
          <Button type="submit" loading={form.submitting}>
            {t('order.refund.submit')}
          </Button>
        </>
      )}
    </form>
  );
}

export function StatusStep({ order, actions }: StepProps) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section className="card order-card order-step" aria-labelledby="order-step-title">
      <h2 className="order-card__title" id="order-step-title">
        {t(statusKey(order))}
      </h2>
      <p className="order-text" data-testid="order-status-text">
        {t(statusText(order))}
      </p>
      {needsRefundAddress(order) && <RefundAddressForm order={order} actions={actions} />}
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

