/** The actions an operator can take on one order, as the state machine allows them, with their inputs. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_OPERATOR_ACTIONS, type OperatorAction, type OperatorOrderDto, type OperatorOrderSummary } from '../../../../common/orders';
import { ApiError } from '../../api/ApiError';
import { Button } from '../../components/Button';
import { isOrderDto, operatorApi } from '../../orders/api';
import { operatorActions } from '../../orders/status';
import { useSessionStore } from '../../stores/session';
import { ConfirmBar } from './ConfirmBar';

/** Actions that end or undo something: each asks first (a rejected card also asks the reason the customer sees). */
const DANGER: readonly OperatorAction[] = ['delete', 'error', 'card-reject', 'return', 'reverse'];

/** What the actions read of an order: the status table's facts, the amount and refund address they start from. */
export type ActionableOrder = Pick<
  OperatorOrderSummary,
  'uid' | 'amountSend' | 'refundAddress' | 'status' | 'deleteReason' | 'confirmedAt' | 'paidAt' | 'receivedAmount' | 'cardCheck' | 'receiptUploaded' | 'receiptCheck' | 'expiresAt'
>;

interface Props {
  order: ActionableOrder;
  onChanged: (order: OperatorOrderDto) => void;
}

export function OrderActions({ order, onChanged }: Props) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(order.amountSend);
  const [minutes, setMinutes] = useState('30');
  const [address, setAddress] = useState(order.refundAddress ?? '');
  const [reason, setReason] = useState('');
  const [rejectReason, setRejectReason] = useState('');
  const [confirming, setConfirming] = useState<OperatorAction | null>(null);
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  const [busy, setBusy] = useState<OperatorAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A photo waiting for its verdict is what the operator came for: its buttons go first.
  const allowed = operatorActions(order)
    .filter((action) => isAdmin || !ADMIN_OPERATOR_ACTIONS.includes(action))
    .sort((a, b) => Number(!a.startsWith('card-')) - Number(!b.startsWith('card-')));

  function bodyOf(action: OperatorAction): Record<string, string | number> {
    if (action === 'received') return { amount: amount.trim() };
    if (action === 'extend') return { minutes: Number(minutes) };
    if (action === 'return' && address.trim()) return { address: address.trim() };
    if (action === 'reverse') return { reason: reason.trim() };
    if (action === 'card-reject' && rejectReason.trim()) return { reason: rejectReason.trim() };
    return {};
  }

  async function run(action: OperatorAction): Promise<void> {
    setConfirming(null);
    setBusy(action);
    setError(null);
    try {
      const answer = await operatorApi.act(order.uid, action, bodyOf(action));
      if (isOrderDto(answer)) onChanged(answer as OperatorOrderDto);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    } finally {
      setBusy(null);
    }
  }

  if (allowed.length === 0) return <span className="operator-muted">{t('order.operator.noActions')}</span>;
  return (
    <div className="operator-actions" data-testid={`actions-${order.uid}`}>
      {allowed.includes('received') && (
        <label className="operator-input">
          <span>{t('order.operator.amount')}</span>
          <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} name="amount" />
        </label>
      )}
      {allowed.includes('extend') && (
        <label className="operator-input operator-input--short">
          <span>{t('order.operator.minutes')}</span>
          <input inputMode="numeric" value={minutes} onChange={(event) => setMinutes(event.currentTarget.value)} name="minutes" />
        </label>
      )}
      {allowed.includes('return') && (
        <label className="operator-input">
          <span>{t('order.operator.address')}</span>
          <input value={address} onChange={(event) => setAddress(event.currentTarget.value)} name="address" autoComplete="off" />
        </label>
      )}
      {allowed.includes('reverse') && (
        <label className="operator-input">
          <span>{t('order.operator.reason')}</span>
          <input value={reason} onChange={(event) => setReason(event.currentTarget.value)} name="reason" autoComplete="off" required />
        </label>
      )}
      <div className="operator-actions__buttons">
        {allowed.map((action) => (
          <Button
            key={action}
            size="small"
            variant={DANGER.includes(action) ? 'ghost' : 'filled'}
            color={DANGER.includes(action) ? 'secondary' : action === 'done' || action === 'card-approve' ? 'accent' : 'primary'}
            loading={busy === action}
            disabled={busy !== null}
            onClick={() => (DANGER.includes(action) ? setConfirming(action) : void run(action))}
            data-testid={`action-${action}`}
          >
            {t(`order.operator.actions.${action}`)}
          </Button>
        ))}
      </div>
      {confirming && (
        <div className="operator-actions__confirm">
          {confirming === 'card-reject' && (
            <label className="operator-input">
              <span>{t('order.operator.confirm.rejectReason')}</span>
              <input value={rejectReason} onChange={(event) => setRejectReason(event.currentTarget.value)} name="rejectReason" autoComplete="off" maxLength={500} />
            </label>
          )}
          <ConfirmBar
            question={t('order.operator.confirm.question', { action: t(`order.operator.actions.${confirming}`), uid: order.uid })}
            confirmLabel={t('order.operator.confirm.yes')}
            cancelLabel={t('order.operator.confirm.no')}
            onConfirm={() => void run(confirming)}
            onCancel={() => setConfirming(null)}
            busy={busy !== null}
          />
        </div>
      )}
      {error && (
        <p className="operator-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
