import { useTranslation } from 'react-i18next';
import type { OperatorOrderDto } from '../../../../common/orders';
import { classNames } from '../../components/classNames';
import { formatMoney } from '../../exchange/format';
import { operatorApi } from '../../orders/api';
import { operatorStatusKey, statusTone } from '../../orders/status';
import { OrderActions } from './OrderActions';

interface Props {
  order: OperatorOrderDto;
  onChanged: (order: OperatorOrderDto) => void;
}

/** One order of the operator's table: who, what, where it stands, its files and the actions. */
export function OrderRow({ order, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const created = new Date(order.createdAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <tr className="operator-row" data-testid={`operator-order-${order.uid}`} data-status={order.status} data-version={order.version}>
      <td data-label={t('order.operator.columns.order')}>
        <strong className="operator-uid">{order.uid}</strong>
        <span className="operator-muted">{order.email}</span>
        {order.ref && <span className="operator-muted">{t('order.operator.ref', { ref: order.ref })}</span>}
      </td>
      <td data-label={t('order.operator.columns.created')}>
        <time dateTime={order.createdAt}>{created}</time>
      </td>
      <td data-label={t('order.operator.columns.amounts')}>
        <span>{formatMoney(order.amountSend, order.from.currency)}</span>
        <span className="operator-muted">→ {formatMoney(order.amountReceive, order.to.currency)}</span>
        {order.receivedAmount !== null && (
          <span className="operator-muted">
            {t('order.details.received')}: {formatMoney(order.receivedAmount, order.from.currency)}
          </span>
        )}
      </td>
      <td data-label={t('order.operator.columns.status')}>
        <span className={classNames('order-badge', `order-badge--${statusTone(order.status)}`)} data-testid="operator-status">
          {t(operatorStatusKey(order))}
        </span>
        {order.exception && <span className="operator-muted">{t(`order.operator.exceptions.${order.exception}`)}</span>}
        {order.blacklistMatch && (
          <span className="order-notice order-notice--error" data-testid="operator-blacklist-match">
            {t('blacklist.match', { kind: t(`blacklist.kinds.${order.blacklistMatch.kind}`), reason: order.blacklistMatch.reason, entryId: order.blacklistMatch.entryId })}
          </span>
        )}
        {order.cardCheck !== 'not_required' && (
          <span className="operator-muted">{t('order.operator.cardCheck', { state: t(`order.operator.cardChecks.${order.cardCheck}`) })}</span>
        )}
        {order.cardPhoto && (
          <a href={operatorApi.fileUrl(order.uid, 'card')} target="_blank" rel="noreferrer" className="operator-photo">
            <img src={operatorApi.fileUrl(order.uid, 'card')} alt={t('order.operator.cardAlt', { uid: order.uid })} loading="lazy" />
          </a>
        )}
        {order.receipt && (
          <a href={operatorApi.fileUrl(order.uid, 'receipt')} target="_blank" rel="noreferrer">
            {t('order.operator.receipt')}
          </a>
        )}
      </td>
      <td data-label={t('order.operator.columns.actions')}>
        <OrderActions key={order.uid} order={order} onChanged={onChanged} />
      </td>
    </tr>
  );
}
