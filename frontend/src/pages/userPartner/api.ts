/** The partner programme's user calls (common/referral.ts). */
import type { PartnerSummary, ReferredExchangePage, WithdrawalDto, WithdrawalQuote, WithdrawalRequest } from '../../../../common/referral';
import { api } from '../../api/client';

export interface WithdrawalPage {
  items: WithdrawalDto[];
  nextCursor: string | null;
}

/** Every query of the partner page starts with this key: `partner:changed` reloads them all. */
export const PARTNER_KEY = ['user', 'partner'] as const;
export const PARTNER_SUMMARY_KEY = [...PARTNER_KEY, 'summary'] as const;
export const PARTNER_EXCHANGES_KEY = [...PARTNER_KEY, 'exchanges'] as const;
export const PARTNER_WITHDRAWALS_KEY = [...PARTNER_KEY, 'withdrawals'] as const;

const cursorQuery = (cursor: string | null) => ({ cursor: cursor ?? undefined });

export const partnerApi = {
  summary: () => api.get<PartnerSummary>('/user/partner'),
  exchanges: (cursor: string | null) => api.get<ReferredExchangePage>('/user/partner/exchanges', { query: cursorQuery(cursor) }),
  withdrawals: (cursor: string | null) => api.get<WithdrawalPage>('/user/partner/withdrawals', { query: cursorQuery(cursor) }),
  quote: (currency: string, amount: string) => api.get<WithdrawalQuote>('/user/partner/withdrawals/quote', { query: { currency, amount } }),
  withdraw: (request: WithdrawalRequest) => api.post<WithdrawalDto>('/user/partner/withdrawals', request),
};
