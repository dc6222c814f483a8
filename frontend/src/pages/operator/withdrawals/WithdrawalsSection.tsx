/**
 * `/operator/withdrawals` (staff): the partners' withdrawal requests, oldest first, by status
 * (default: new and processing). New → "Take into processing"; processing → "Mark paid" (after a
 * confirmation); either → "Reject" with the reason the partner reads. Live: `operators:withdrawals`
 * (a new request, another operator's action) and a reconnection reload the list.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMoveWithdrawal, WITHDRAWAL_STATUSES, type OperatorWithdrawalDto, type WithdrawalStatus } from '../../../../../common/referral';
import { Button } from '../../../components/Button';
import { formatMoney } from '../../../../../common/money';
import { useRefreshOn } from '../../../realtime/useRefreshOn';
import { apiErrorText } from '../../userPartner/errors';
import { PagedTable } from '../../userPartner/PagedTable';
import { useShortDate, WithdrawalMoneyCells, WithdrawalStatusCell } from '../../userPartner/rows';
import { ConfirmedAction } from '../ConfirmBar';
import { DecisionModal, ReasonField, useDecision } from '../reviews/parts';
import { WITHDRAWALS_KEY, withdrawalsApi } from './api';
import '../../order/order.css';
import '../../userExchanges/userExchanges.css';
import '../../userPartner/partner.css';
import '../operator.css';

/** The longest rejection reason the console lets through (the server checks it too). */
export const MAX_WITHDRAWAL_REASON = 500;

const FILTERS = { active: ['new', 'processing'], ...Object.fromEntries(WITHDRAWAL_STATUSES.map((status) => [status, [status]])) } as Record<string, WithdrawalStatus[]>;
const COLUMNS = ['id', 'date', 'partner', 'amount', 'payout', 'account', 'status', 'actions'] as const;

export default function WithdrawalsSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('active');
  const [rejecting, setRejecting] = useState<OperatorWithdrawalDto | null>(null);
  useRefreshOn('operators:withdrawals', WITHDRAWALS_KEY);
  const query = useInfiniteQuery({
    queryKey: [...WITHDRAWALS_KEY, filter],
    queryFn: ({ pageParam }) => withdrawalsApi.list(FILTERS[filter]!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
  const columns = COLUMNS.map((column) => t(`withdrawalsAdmin.columns.${column}`));
  return (
    <section className="operator-console" aria-label={t('withdrawalsAdmin.title')} data-testid="console-withdrawals">
      <div className="exchanges-filters" role="group" aria-label={t('withdrawalsAdmin.filter')}>
        {Object.keys(FILTERS).map((value) => (
          <button
            key={value}
            type="button"
            className={value === filter ? 'exchanges-filter exchanges-filter--active' : 'exchanges-filter'}
            aria-pressed={value === filter}
            onClick={() => setFilter(value)}
          >
            {t(`withdrawalsAdmin.filters.${value}`)}
          </button>
        ))}
      </div>
      <PagedTable query={query} columns={columns} empty={t('withdrawalsAdmin.empty', { filter: t(`withdrawalsAdmin.filters.${filter}`) })} testId="withdrawals">
        {(row) => <WithdrawalRequestRow key={row.id} row={row} columns={columns} onReject={() => setRejecting(row)} />}
      </PagedTable>
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}

function WithdrawalRequestRow({ row, columns, onReject }: { row: OperatorWithdrawalDto; columns: string[]; onReject: () => void }) {
  const { t } = useTranslation();
  const date = useShortDate();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (to: 'processing' | 'paid') => (to === 'paid' ? withdrawalsApi.paid(row.id) : withdrawalsApi.processing(row.id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY }),
  });
  const error = change.isError ? apiErrorText(change.error, t, t('withdrawalsAdmin.actionError')) : null;
  const [id, when, partner, amount, payout, account, status, actions] = columns;
  return (
    <tr data-testid={`withdrawal-${row.id}`}>
      <td data-label={id}>
        <span className="exchanges-uid">#{row.id}</span>
      </td>
      <td data-label={when}>
        <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
      </td>
      <td data-label={partner}>
        <span className="partner-account">{row.email}</span>
      </td>
      <WithdrawalMoneyCells row={row} labels={[amount, payout]} />
      <td data-label={account}>
        <code className="partner-account" data-testid={`withdrawal-account-${row.id}`}>
          {row.account}
        </code>
      </td>
      <WithdrawalStatusCell row={row} label={status} />
      <td data-label={actions}>
        <span className="exchanges-actions">
          {canMoveWithdrawal(row.status, 'processing') && (
            <Button size="small" loading={change.isPending} onClick={() => change.mutate('processing')} data-testid={`withdrawal-take-${row.id}`}>
              {t('withdrawalsAdmin.take')}
            </Button>
          )}
          {canMoveWithdrawal(row.status, 'paid') && (
            <ConfirmedAction
              label={t('withdrawalsAdmin.paid')}
              question={t('withdrawalsAdmin.paidQuestion', { payout: formatMoney(row.payout, row.currency), account: row.account })}
              confirmLabel={t('withdrawalsAdmin.paidConfirm')}
              cancelLabel={t('withdrawalsAdmin.cancel')}
              onConfirm={() => change.mutate('paid')}
              busy={change.isPending}
              error={null}
            />
          )}
          {canMoveWithdrawal(row.status, 'reject') && (
            <Button size="small" variant="ghost" color="secondary" onClick={onReject} data-testid={`withdrawal-reject-${row.id}`}>
              {t('withdrawalsAdmin.reject')}
            </Button>
          )}
        </span>
        {error && (
          <span className="exchanges-error" role="alert">
            {error}
          </span>
        )}
      </td>
    </tr>
  );
}

function RejectDialog({ row, onClose }: { row: OperatorWithdrawalDto; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, error, decide } = useDecision(WITHDRAWALS_KEY, onClose);
  const text = reason.trim();
  return (
    <DecisionModal
      title={t('withdrawalsAdmin.rejectTitle', { id: row.id })}
      confirmLabel={t('withdrawalsAdmin.reject')}
      refusal
      busy={busy}
      disabled={text.length === 0 || reason.length > MAX_WITHDRAWAL_REASON}
      error={error}
      confirmTestId="withdrawal-reject-confirm"
      onConfirm={() => void decide(() => withdrawalsApi.reject(row.id, text))}
      onClose={onClose}
    >
      <ReasonField label={t('withdrawalsAdmin.reason')} value={reason} max={MAX_WITHDRAWAL_REASON} onChange={setReason} />
      <span className="order-muted">{t('withdrawalsAdmin.reasonHint')}</span>
    </DecisionModal>
  );
}
