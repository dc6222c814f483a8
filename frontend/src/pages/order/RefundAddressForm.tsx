import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object } from 'yup';
import { isBankCard, walletCurrency } from '../../../../common/catalogue';
import { accountFormTest } from '../../../../common/paymentDetails';
import { accountField } from '../../../../common/validation';
import { Button } from '../../components/Button';
import { TextField, useForm } from '../../components/form';
import type { StepProps } from './steps';

/** Where a refund goes: asked of an order that must be refunded (orders/status.ts `needsRefundAddress`). */
export function RefundAddressForm({ order, actions }: Pick<StepProps, 'order' | 'actions'>) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      object({
        address: accountField.test(accountFormTest(order.from)),
      }),
    [order.from],
  );
  const form = useForm(schema, { address: order.refundAddress ?? '' });
  // The funds go back in what was sent (common/paymentDetails.ts accountFormTest): a wallet of its
  // network, a card, or (SBP, a transfer) the account.
  const label =
    order.from.type === 'coin'
      ? t('order.refund.wallet', { currency: walletCurrency(order.from) })
      : isBankCard(order.from)
        ? t('order.refund.card')
        : t('order.refund.address');
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
          <TextField {...form.field('address')} value={String(form.values.address)} label={label} autoComplete="off" required />
          <Button type="submit" loading={form.submitting}>
            {t('order.refund.submit')}
          </Button>
        </>
      )}
    </form>
  );
}
