import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '../../../../common/enums';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { operatorStatusKey } from '../../orders/status';
import { OrderRow } from './OrderRow';
import { useOperatorOrders } from './useOperatorOrders';
import '../order/order.css';
import './operator.css';

/** The order board: the live order table for operators and admins. */
export default function OrdersSection() {
  const { t } = useTranslation();
  const list = useOperatorOrders();
  return (
    <section className="operator-console" aria-label={t('pages.operator.title')}>
      <div className="operator-toolbar">
        <label className="operator-input">
          <span>{t('order.operator.filter')}</span>
          <select
            value={list.status}
            onChange={(event) => list.setStatus(event.currentTarget.value as OrderStatus | '')}
            data-testid="operator-filter"
          >
            <option value="">{t('order.operator.all')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(operatorStatusKey({ status, deleteReason: null }))}
              </option>
            ))}
          </select>
        </label>
        <span className="operator-live">{t('order.operator.live')}</span>
      </div>
      {list.error && (
        <p className="order-notice order-notice--error" role="alert">
          {list.error}
        </p>
      )}
      {list.orders.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table" data-testid="operator-orders">
            <thead>
              <tr>
                <th>{t('order.operator.columns.order')}</th>
                <th>{t('order.operator.columns.created')}</th>
                <th>{t('order.operator.columns.amounts')}</th>
                <th>{t('order.operator.columns.status')}</th>
                <th>{t('order.operator.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => (
                <OrderRow key={order.uid} order={order} onChanged={list.apply} />
              ))}
            </tbody>
          </table>
        </div>
      ) : list.loading ? (
        <PageLoader />
      ) : (
        !list.error && <p className="order-muted">{t('order.operator.empty')}</p>
      )}
      {list.hasMore && (
        <Button variant="ghost" color="secondary" loading={list.loading} onClick={list.loadMore} data-testid="operator-more">
          {t('order.operator.loadMore')}
        </Button>
      )}
    </section>
  );
}
