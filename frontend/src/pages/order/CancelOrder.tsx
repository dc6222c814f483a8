/** "Cancel the order", asked first: one click must not close an order the customer may have paid. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '../../../../common/orders';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { canCancel } from '../../orders/status';
import type { CustomerActions } from './useCustomerAction';

export function CancelOrder({ order, actions }: { order: OrderDto; actions: CustomerActions }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!canCancel(order)) return null;
  const close = () => setAsking(false);
  const cancel = async () => {
    await actions.run('cancel', { alert: 'order.alerts.canceled' });
    // Done or refused, the page says what happened (a refusal under the steps).
    close();
  };
  return (
    <>
      <Button
        variant="ghost"
        color="secondary"
        disabled={actions.busy !== null}
        onClick={() => setAsking(true)}
        aria-haspopup="dialog"
        data-testid="order-cancel"
      >
        {t('order.confirm.cancel')}
      </Button>
      <Modal
        open={asking}
        onClose={close}
        size="small"
        title={t('order.cancelDialog.title')}
        footer={
          <>
            <Button variant="ghost" color="secondary" onClick={close} data-testid="order-cancel-keep">
              {t('order.cancelDialog.keep')}
            </Button>
            <Button
              color="accent-pro"
              loading={actions.busy === 'cancel'}
              onClick={() => void cancel()}
              data-testid="order-cancel-confirm"
            >
              {t('order.cancelDialog.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('order.cancelDialog.text', { uid: order.uid })}</p>
      </Modal>
    </>
  );
}
