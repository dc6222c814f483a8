/**
 * `/user/partner`: the referral programme — the link (copy, QR code), the balance, the percent and
 * what the next tier needs, the referred exchanges and the withdrawal requests. Live: every
 * `partner:changed` in the user's room (a reward, a referral, a withdrawal's status) and every
 * (re)connection reload the page's queries.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UserAreaLayout } from '../../layout/UserAreaLayout';
import { useRefreshOn } from '../../realtime/useRefreshOn';
import { PARTNER_EXCHANGES_KEY, PARTNER_KEY, PARTNER_WITHDRAWALS_KEY, partnerApi } from './api';
import { PagedTable } from './PagedTable';
import { ReferredRow, WithdrawalRow } from './rows';
import { PartnerSummaryPanel } from './SummaryPanel';
import '../order/order.css';
import '../userExchanges/userExchanges.css';
import './partner.css';

export default function UserPartnerPage() {
  return (
    <UserAreaLayout name="userPartner">
      <Partner />
    </UserAreaLayout>
  );
}

function Partner() {
  useRefreshOn('partner:changed', PARTNER_KEY);
  return (
    <div className="partner">
      <PartnerSummaryPanel />
      <ReferredExchanges />
      <WithdrawalHistory />
    </div>
  );
}

const REFERRED_COLUMNS = ['id', 'exchange', 'received', 'income', 'date', 'status', 'actions', 'reward'] as const;
const WITHDRAWAL_COLUMNS = ['id', 'date', 'amount', 'payout', 'account', 'status'] as const;

function ReferredExchanges() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: PARTNER_EXCHANGES_KEY,
    queryFn: ({ pageParam }) => partnerApi.exchanges(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
  const columns = REFERRED_COLUMNS.map((column) => t(`partner.exchanges.columns.${column}`));
  return (
    <section className="partner-section" aria-labelledby="partner-exchanges">
      <h2 id="partner-exchanges">{t('partner.exchanges.title')}</h2>
      <PagedTable query={query} columns={columns} empty={t('partner.exchanges.empty')} testId="partner-exchanges">
        {(row) => <ReferredRow key={row.uid} row={row} columns={columns} />}
      </PagedTable>
    </section>
  );
}

function WithdrawalHistory() {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: PARTNER_WITHDRAWALS_KEY,
    queryFn: ({ pageParam }) => partnerApi.withdrawals(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
  const columns = WITHDRAWAL_COLUMNS.map((column) => t(`partner.withdrawals.columns.${column}`));
  return (
    <section className="partner-section" aria-labelledby="partner-withdrawals">
      <h2 id="partner-withdrawals">{t('partner.withdrawals.title')}</h2>
      <PagedTable query={query} columns={columns} empty={t('partner.withdrawals.empty')} testId="partner-withdrawals">
        {(row) => <WithdrawalRow key={row.id} row={row} columns={columns} />}
      </PagedTable>
    </section>
  );
}
