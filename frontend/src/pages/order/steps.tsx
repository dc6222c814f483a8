/** The order page's steps (OrderDto.step): confirm, verify the card, pay. */
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { Button } from '../../components/Button';
import { formatMoney } from '../../../../common/money';
import { stepHeading } from '../../../../common/orderTexts';
import { orderApi } from '../../orders/api';
import { customerMay } from '../../orders/status';
import { useTranslatedList, isString } from '../../lib/useTranslatedList';
import { CancelOrder } from './CancelOrder';
import { CopyValue } from './CopyValue';
import { FileUpload } from './FileUpload';
import { PaymentQr } from './PaymentQr';
import type { CustomerActions } from './useCustomerAction';

export interface StepProps {
  order: OrderDto;
  secret: string;
  actions: CustomerActions;
  /** An upload's answer (or null: fetch the order again). */
  onUploaded: (order: OrderDto | null) => void;
}

export function ConfirmStep({ order, actions }: StepProps) {
  const { t } = useTranslation();
  const heading = stepHeading(order);
  return (
    <section className="card order-card order-step" aria-labelledby="order-step-title">
      <h2 className="order-card__title" id="order-step-title">
        {t(heading.title)}
      </h2>
      <p className="order-text">{t(heading.text ?? '')}</p>
      <div className="order-actions">
        {customerMay(order, 'confirm') && (
          <Button
            loading={actions.busy === 'confirm'}
            disabled={actions.busy !== null}
            onClick={() => void actions.run('confirm')}
            data-testid="order-confirm"
          >
            {t('order.confirm.submit')}
          </Button>
        )}
        <CancelOrder order={order} actions={actions} />
      </div>
    </section>
  );
}

export function VerifyCardStep({ order, secret, actions, onUploaded }: StepProps) {
  const { t } = useTranslation();
  const heading = stepHeading(order);
  const rules = useTranslatedList('order.card.rules', isString);
  const canUpload = customerMay(order, 'card-photo');
  return (
    <section className="card order-card order-step" aria-labelledby="order-step-title">
      <h2 className="order-card__title" id="order-step-title">
        {t(heading.title)}
      </h2>
      <p className="order-text">{t(heading.text ?? '')}</p>
      <h3 className="order-subtitle">{t('order.card.rulesTitle')}</h3>
      <ul className="order-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {order.cardCheck === 'rejected' && (
        <p className="order-notice order-notice--error" role="alert" data-testid="card-rejected">
          {order.cardRejectReason ?? t('order.card.rejected')}
        </p>
      )}
      {order.cardCheck === 'pending' && (
        <p className="order-notice" role="status" data-testid="card-pending">
          {t('order.card.pending')}
        </p>
      )}
      {canUpload && (
        <FileUpload
          url={orderApi.uploadUrl(order.uid, secret, 'card-photo')}
          label={t('order.card.file')}
          hint={t('order.card.hint')}
          alert="order.alerts.photoUploaded"
          onUploaded={onUploaded}
          testId="card-upload"
        />
      )}
      <div className="order-actions">
        <CancelOrder order={order} actions={actions} />
      </div>
    </section>
  );
}

export function PayStep({ order, secret, actions, onUploaded }: StepProps) {
  const { t } = useTranslation();
  const heading = stepHeading(order);
  const payment = order.payment;
  return (
    <section className="card order-card order-step" aria-labelledby="order-step-title">
      <h2 className="order-card__title" id="order-step-title">
        {t(heading.title)}
      </h2>
      {payment ? (
        <div className="order-pay">
          <div className="order-pay__details">
            <p className="order-text">{t(heading.text ?? '')}</p>
            <dl className="order-pay__list">
              <CopyValue name={t('order.pay.amount')} value={payment.amount} testId="pay-amount" />
              <CopyValue name={t('order.pay.account')} value={payment.account} testId="pay-account" />
              {payment.memo && <CopyValue name={t('order.pay.memo')} value={payment.memo} testId="pay-memo" />}
            </dl>
            <p className="order-pay__sum">{formatMoney(payment.amount, order.from.currency)}</p>
            {payment.note && (
              <p className="order-muted">
                {t('order.pay.note')}: {payment.note}
              </p>
            )}
          </div>
          <PaymentQr text={payment.qr} label={t('order.pay.qr')} />
        </div>
      ) : (
        <p className="order-notice order-notice--error" role="alert" data-testid="pay-unavailable">
          {t('order.pay.unavailable')}
        </p>
      )}
      {order.receiptUploaded ? (
        <p className="order-notice order-notice--success" data-testid="receipt-uploaded">
          {t('order.pay.receiptUploaded')}
        </p>
      ) : (
        customerMay(order, 'receipt') && (
          <>
          {order.receiptCheck === 'rejected' && (
            <p className="order-notice order-notice--error" role="alert" data-testid="receipt-rejected">
              {order.receiptRejectReason ?? t('order.pay.receiptRejected')}
            </p>
          )}
          <FileUpload
            url={orderApi.uploadUrl(order.uid, secret, 'receipt')}
            label={t('order.pay.receipt')}
            hint={t('order.pay.receiptHint')}
            alert="order.alerts.receiptUploaded"
            onUploaded={onUploaded}
            testId="receipt-upload"
          />
          </>
        )
      )}
      {order.paidAt ? (
        <p className="order-notice" role="status">
          {t('order.pay.paidAt')}
        </p>
      ) : (
        <div className="order-actions">
          {customerMay(order, 'paid') && (
            <Button loading={actions.busy === 'paid'} disabled={actions.busy !== null} onClick={() => void actions.run('paid')} data-testid="order-paid">
              {t('order.pay.paid')}
            </Button>
          )}
          <CancelOrder order={order} actions={actions} />
        </div>
      )}
    </section>
  );
}
