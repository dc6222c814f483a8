/**
 * One order in a side panel (full screen on a phone): every field, the rates and the profit, the
 * history with who did what, the internal notes (add one), escalation with a reason, the files
 * through their signed links, the actions the status table allows, and for admins the reassign
 * control. Opening it marks the order seen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardOrderRow } from '../../../../../common/board';
import { formatMoney } from '../../../../../common/money';
import type { OperatorOrderDto } from '../../../../../common/orders';
import { monitoringInOut } from '../../../../../common/rateMath';
import { REFERRAL_CURRENCY } from '../../../../../common/referral';
import { ApiError } from '../../../api/ApiError';
import { Button } from '../../../components/Button';
import { formatDateTime } from '../../../lib/dateTime';
import { PageLoader } from '../../../layout/PageLoader';
import { operatorStatusKey } from '../../../orders/status';
import { OrderActions } from '../OrderActions';
import { boardApi } from './api';
import { ReassignControl } from './ReassignControl';

interface Props {
  uid: string;
  onClose: () => void;
  onChanged: (order: OperatorOrderDto | BoardOrderRow) => void;
  onBoard: (order: BoardOrderRow) => void;
}

export function OrderDrawer({ uid, onClose, onChanged, onBoard }: Props) {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatDateTime(at, i18n.language);
  /** A history entry's action in the words of the customer's history (an unknown one as it is recorded). */
  const actionName = (action: string) => t(`order.history.actions.${action}`, { defaultValue: action });
  const statusName = (status: string) => t(`order.operator.statuses.${status}`, { defaultValue: status });
  const queryClient = useQueryClient();
  const drawer = useQuery({ queryKey: ['operator', 'drawer', uid], queryFn: () => boardApi.drawer(uid) });
  const notes = useQuery({ queryKey: ['operator', 'notes', uid], queryFn: () => boardApi.notes(uid) });
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    boardApi.seen(uid).then(onBoard, () => undefined);
  }, [uid, onBoard]);

  async function run(action: () => Promise<unknown>): Promise<void> {
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['operator', 'drawer', uid] });
      await queryClient.invalidateQueries({ queryKey: ['operator', 'notes', uid] });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  }

  const order = drawer.data;
  /** A rate as the customer's page shows it: `1 BTC = 8 130 352.63 RUB`, or the other way round below 1. */
  const rateText = (rate: string) => {
    if (!order) return rate;
    const { in: paid, out: got } = monitoringInOut(rate, order.from.precision);
    return `${formatMoney(paid, order.from.currency)} = ${formatMoney(got, order.to.currency)}`;
  };
  /** A dash, and why the figure is missing. */
  const unknown = (key: 'marketRate' | 'rateAtReceipt' | 'profit' | 'profitUsdt') => (
    <>
      — <small className="board-fields__why">{t(`boardUi.unknown.${key}`)}</small>
    </>
  );
  return (
    <aside className="board-drawer" role="dialog" aria-label={t('boardUi.drawer.title', { uid })} data-testid="order-drawer">
      <header className="board-drawer__head">
        <h2>{t('boardUi.drawer.title', { uid })}</h2>
        <Button variant="ghost" color="secondary" onClick={onClose} data-testid="drawer-close">
          {t('boardUi.drawer.close')}
        </Button>
      </header>
      {drawer.isPending && <PageLoader />}
      {drawer.isError && (
        <p className="order-notice order-notice--error" role="alert">
          {drawer.error instanceof ApiError ? drawer.error.message : t('boardUi.loadError')}
        </p>
      )}
      {order && (
        <div className="board-drawer__body">
          <dl className="board-fields">
            {(
              [
                ['status', t(operatorStatusKey(order))],
                ['email', order.email],
                ['send', formatMoney(order.amountSend, order.from.currency)],
                ['receive', formatMoney(order.amountReceive, order.to.currency)],
                ['received', order.receivedAmount === null ? '—' : formatMoney(order.receivedAmount, order.from.currency)],
                ['senderAccount', order.senderAccount ?? '—'],
                ['receiverAccount', order.receiverAccount ?? '—'],
                ['refundAddress', order.refundAddress ?? '—'],
                ['cardCheck', t(`order.operator.cardChecks.${order.cardCheck}`)],
                ['receiptCheck', t(`order.operator.receiptChecks.${order.receiptCheck}`)],
                ['rateAtCreation', rateText(order.rateAtCreation)],
                ['marketRate', order.marketRate === null ? unknown('marketRate') : rateText(order.marketRate)],
                ['rateAtReceipt', order.rateAtReceipt === null ? unknown('rateAtReceipt') : rateText(order.rateAtReceipt)],
                ['profit', order.profit === null ? unknown('profit') : formatMoney(order.profit, order.to.currency)],
                ['profitUsdt', order.profitUsdt === null ? unknown('profitUsdt') : formatMoney(order.profitUsdt, REFERRAL_CURRENCY)],
                ['assignedTo', order.assignedTo?.email ?? '—'],
                ['escalated', order.escalated ? (order.escalationReason ?? '✓') : '—'],
                ['comment', order.comment ?? '—'],
                ['created', <time dateTime={order.createdAt}>{when(order.createdAt)}</time>],
              ] as const
            ).map(([key, value]) => (
              <div key={key} data-testid={`field-${key}`}>
                <dt>{t(`boardUi.fields.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ReassignControl order={order} onReassign={(userId) => run(async () => onBoard(await boardApi.reassign(uid, userId)))} />
          <div className="board-files">
            {order.fileLinks.card && (
              <a href={order.fileLinks.card} target="_blank" rel="noreferrer">
                <img src={order.fileLinks.card} alt={t('order.operator.cardAlt', { uid })} />
              </a>
            )}
            {order.fileLinks.receipt && (
              <a href={order.fileLinks.receipt} target="_blank" rel="noreferrer">
                {t('order.operator.receipt')}
              </a>
            )}
          </div>
          <h3>{t('boardUi.drawer.actions')}</h3>
          <OrderActions
            key={order.version}
            order={order}
            onChanged={(changed) => {
              onChanged(changed);
              void queryClient.invalidateQueries({ queryKey: ['operator', 'drawer', uid] });
            }}
          />
          <h3>{t('boardUi.drawer.history')}</h3>
          <ol className="board-history" data-testid="drawer-history">
            {order.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{when(entry.at)}</time> {actionName(entry.action)}
                {entry.from !== entry.to && ` (${entry.from ? statusName(entry.from) : '—'} → ${statusName(entry.to)})`} — {entry.actorName ?? t('boardUi.actors.other')}
              </li>
            ))}
          </ol>
          <h3>{t('boardUi.drawer.notes')}</h3>
          <ul className="board-notes" data-testid="drawer-notes">
            {notes.data?.notes.map((item) => (
              <li key={item.id}>
                <strong>{item.author?.email ?? '—'}</strong> {item.text}
              </li>
            ))}
          </ul>
          <form
            className="board-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => boardApi.addNote(uid, note.trim())).then(() => setNote(''));
            }}
          >
            <textarea name="note" rows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} aria-label={t('boardUi.drawer.note')} />
            <Button type="submit" disabled={!note.trim()}>
              {t('boardUi.drawer.addNote')}
            </Button>
          </form>
          {!order.escalated && (
            <form
              className="board-inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (!window.confirm(t('boardUi.drawer.escalateConfirm'))) return;
                void run(async () => onBoard(await boardApi.escalate(uid, reason.trim())));
              }}
            >
              <input name="reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} aria-label={t('boardUi.drawer.escalateReason')} />
              <Button type="submit" color="secondary" disabled={!reason.trim()}>
                {t('boardUi.drawer.escalate')}
              </Button>
            </form>
          )}
          {error && (
            <p className="order-notice order-notice--error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </aside>
  );
}
