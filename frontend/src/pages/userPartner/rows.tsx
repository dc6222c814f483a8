/** The rows of the partner page's two tables: referred exchanges and withdrawal requests. */
import { useTranslation } from 'react-i18next';
import type { ReferredExchange, RewardStatus, WithdrawalDto, WithdrawalStatus } from '../../../../common/referral';
import type { OrderStatus } from '../../../../common/enums';
import { classNames } from '../../components/classNames';
import { formatMoney } from '../../../../common/money';
import { statusKey, statusTone } from '../../orders/status';

const REWARD_TONES: Record<RewardStatus, string> = { pending: 'warning', available: 'success', reversed: 'danger', not_eligible: 'muted' };
const WITHDRAWAL_TONES: Record<WithdrawalStatus, string> = { new: 'info', processing: 'warning', paid: 'success', rejected: 'danger' };

export function useShortDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
}

function Muted() {
  return <span className="exchanges-muted">—</span>;
}

export function ReferredRow({ row, columns }: { row: ReferredExchange; columns: string[] }) {
  const { t } = useTranslation();
  const date = useShortDate();
  const [id, exchange, received, income, when, status, actions, reward] = columns;
  return (
    <tr data-testid={`referred-${row.uid}`}>
      <td data-label={id}>
        <span className="exchanges-uid">{row.uid}</span>
      </td>
      <td data-label={exchange}>
        <span className="exchanges-pair">
          {row.from} → {row.to}
        </span>
        <span className="exchanges-muted">
          <span className="exchanges-money">{formatMoney(row.amountSend, row.from)}</span> → <span className="exchanges-money">{formatMoney(row.amountReceive, row.to)}</span>
        </span>
      </td>
      <td data-label={received}>{row.receivedAmount === null ? <Muted /> : formatMoney(row.receivedAmount, row.from)}</td>
      <td data-label={income}>{formatMoney(row.amountReceive, row.to)}</td>
      <td data-label={when}>
        <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
      </td>
      <td data-label={status}>
        <span className={classNames('order-badge', `order-badge--${statusTone(row.status as OrderStatus)}`)}>{t(statusKey({ status: row.status as OrderStatus, deleteReason: null }))}</span>
      </td>
      <td data-label={actions}>
        <Muted />
      </td>
      <td data-label={reward} data-testid={`reward-${row.uid}`}>
        {row.reward === null ? <Muted /> : <span className="exchanges-money">{formatMoney(row.reward, 'USDT')}</span>}
        {row.rewardStatus && (
          <span className={classNames('order-badge', `order-badge--${REWARD_TONES[row.rewardStatus]}`)}>{t(`partner.reward.${row.rewardStatus}`)}</span>
        )}
      </td>
    </tr>
  );
}

export function WithdrawalRow({ row, columns }: { row: WithdrawalDto; columns: string[] }) {
  const { t } = useTranslation();
  const date = useShortDate();
  const [id, when, amount, payout, account, status] = columns;
  return (
    <tr data-testid={`withdrawal-${row.id}`}>
      <td data-label={id}>
        <span className="exchanges-uid">#{row.id}</span>
      </td>
      <td data-label={when}>
        <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
      </td>
      <WithdrawalMoneyCells row={row} labels={[amount, payout]} />
      <td data-label={account}>
        <span className="partner-account">{row.account}</span>
      </td>
      <WithdrawalStatusCell row={row} label={status} />
    </tr>
  );
}

/** A withdrawal's USDT amount and its payout in the asset: two cells (the partner's table and the console's). */
export function WithdrawalMoneyCells({ row, labels }: { row: Pick<WithdrawalDto, 'amount' | 'payout' | 'currency'>; labels: [string | undefined, string | undefined] }) {
  return (
    <>
      <td data-label={labels[0]}>
        <span className="exchanges-money">{formatMoney(row.amount, 'USDT')}</span>
      </td>
      <td data-label={labels[1]}>
        <span className="exchanges-money">{formatMoney(row.payout, row.currency)}</span>
      </td>
    </>
  );
}

/** A withdrawal's status badge and, when rejected, the reason. */
export function WithdrawalStatusCell({ row, label }: { row: Pick<WithdrawalDto, 'id' | 'status' | 'reason'>; label: string | undefined }) {
  const { t } = useTranslation();
  return (
    <td data-label={label}>
      <span className={classNames('order-badge', `order-badge--${WITHDRAWAL_TONES[row.status]}`)} data-testid={`withdrawal-status-${row.id}`}>
        {t(`partner.withdrawalStatus.${row.status}`)}
      </span>
      {row.reason && <span className="exchanges-muted">{t('partner.withdrawals.reason', { reason: row.reason })}</span>}
    </td>
  );
}
