/** The console's calls of the referral programme: withdrawal requests, the tier table, a partner's own percent. */
import type { OperatorWithdrawalDto, ReferralSettings, WithdrawalStatus } from '../../../../../common/referral';
import { api } from '../../../api/client';

export interface OperatorWithdrawalPage {
  items: OperatorWithdrawalDto[];
  nextCursor: string | null;
}

export const WITHDRAWALS_KEY = ['operator', 'withdrawals'] as const;
export const REFERRAL_SETTINGS_KEY = ['admin', 'referral', 'settings'] as const;

export const withdrawalsApi = {
  /** `statuses` goes as one comma-separated `status` (the default view: `new,processing`). */
  list: (statuses: readonly WithdrawalStatus[], cursor: string | null) =>
    api.get<OperatorWithdrawalPage>('/operator/withdrawals', { query: { status: statuses.join(','), cursor: cursor ?? undefined } }),
  processing: (id: number) => api.post<OperatorWithdrawalDto>(`/operator/withdrawals/${id}/processing`, {}),
  paid: (id: number) => api.post<OperatorWithdrawalDto>(`/operator/withdrawals/${id}/paid`, {}),
  reject: (id: number, reason: string) => api.post<OperatorWithdrawalDto>(`/operator/withdrawals/${id}/reject`, { reason }),
  settings: () => api.get<ReferralSettings>('/admin/referral/settings'),
  saveSettings: (settings: ReferralSettings) => api.put<ReferralSettings>('/admin/referral/settings', settings),
  partnerPercent: (userId: number, percent: string | null) => api.put<unknown>(`/admin/referral/partners/${userId}`, { percent }),
};
