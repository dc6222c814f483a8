import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardOrderRow, BoardTableRow } from '../../../../common/board';
import type { OperatorOrderDto } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { useSessionStore } from '../../stores/session';
import { boardApi } from './board/api';
import { classNames } from '../../components/classNames';
import { formatDateTime } from '../../lib/dateTime';
import { formatMoney } from '../../../../common/money';
import { operatorApi } from '../../orders/api';
import { operatorStatusKey, statusTone } from '../../orders/status';
import { OrderActions } from './OrderActions';

interface Props {
  order: BoardTableRow;
  onChanged: (order: OperatorOrderDto) => void;
  onBoard?: (order: BoardOrderRow) => void;
  onOpen?: (uid: string) => void;
}

/** Who holds the order, and Claim / Release; a lost claim shows the server's message (it names the holder). */
function Assignment({ order, onBoard }: { order: BoardTableRow; onBoard?: (order: BoardOrderRow) => void }) {
  const { t } = useTranslation();
  const me = useSessionStore((state) => state.user);
  const [error, setError] = useState<string | null>(null);
  async function run(call: () => Promise<BoardOrderRow>): Promise<void> {
    setError(null);
    try {
      onBoard?.(await call());
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  }
  const mine = Boolean(order.assignedTo) && order.assignedTo?.id === me?.id;
  return (
    <div className="board-assignment">
      <span data-testid="assigned-to">{order.assignedTo?.email ?? t('boardUi.nobody')}</span>
      {!mine ? (
        <Button size="small" variant="ghost" onClick={() => void run(() => boardApi.claim(order.uid))} data-testid={`claim-${order.uid}`}>
          {t('boardUi.claim')}
        </Button>
      ) : (
        <Button size="small" variant="ghost" color="secondary" onClick={() => void run(() => boardApi.release(order.uid))} data-testid={`release-${order.uid}`}>
          {t('boardUi.release')}
        </Button>
      )}
      {error && (
        <p className="order-notice order-notice--error" role="alert" data-testid={`claim-error-${order.uid}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** One order of the operator's table: who, what, where it stands, its files and the actions. */
export function OrderRow({ order, onChanged, onBoard, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const created = formatDateTime(order.createdAt, i18n.language);
  return (
    <tr className={classNames('operator-row', order.seen === false && 'operator-row--unseen')} data-testid={`operator-order-${order.uid}`} data-status={order.status} data-version={order.version}>
      <td data-label={t('order.operator.columns.order')}>
        {onOpen ? (
          <button type="button" className="operator-uid board-open" onClick={() => onOpen(order.uid)} data-testid={`open-${order.uid}`}>
            {order.uid}
          </button>
        ) : (
          <strong className="operator-uid">{order.uid}</strong>
        )}
        {order.escalated && <span className="order-badge order-badge--error">{t('boardUi.escalated')}</span>}
        {order.priority && (
          <span className="order-badge order-badge--success" data-testid={`priority-${order.uid}`} title={t('kyc.board.priorityHint')}>
            {t('kyc.board.priority')}
          </span>
        )}
        <span className="operator-muted">{order.email}</span>
        {order.ref && <span className="operator-muted">{t('order.operator.ref', { ref: order.ref })}</span>}
      </td>
      <td data-label={t('order.operator.columns.created')}>
        <time dateTime={order.createdAt}>{created}</time>
      </td>
      <td data-label={t('order.operator.columns.amounts')}>
        <span className="operator-money">{formatMoney(order.amountSend, order.from.currency)}</span>
        <span className="operator-muted operator-money">→ {formatMoney(order.amountReceive, order.to.currency)}</span>
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
      <td data-label={t('boardUi.assigned')}>
        <Assignment order={order} onBoard={onBoard} />
      </td>
      <td data-label={t('order.operator.columns.actions')}>
        <OrderActions key={order.uid} order={order} onChanged={onChanged} />
      </td>
    </tr>
  );
}
