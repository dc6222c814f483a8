/** The referral programme's DTOs for the UI tests (common/referral.ts), amounts as decimal strings. */
import type { OperatorWithdrawalDto, PartnerSummary, ReferredExchange, WithdrawalDto } from '../../../../../common/referral';

export function partnerSummary(overrides: Partial<PartnerSummary> = {}): PartnerSummary {
  return {
    code: 'ANNA2026',
    link: 'https://exchanger.test/?r=ANNA2026',
    percent: '7.5',
    percentOverride: false,
    nextTier: { referrals: 20, percent: '10' },
    available: '125.5',
    pending: '10',
    referrals: 12,
    activeReferrals: 7,
    minPayout: '10',
    currency: 'USDT',
    ...overrides,
  };
}

export function referredExchange(uid: string, overrides: Partial<ReferredExchange> = {}): ReferredExchange {
  return {
    uid,
    from: 'BTC',
    to: 'SBERRUB',
    amountSend: '0.1',
    amountReceive: '700000',
    receivedAmount: '0.1',
    status: 'done',
    createdAt: '2026-11-24T10:00:00.000Z',
    reward: '3.25',
    rewardStatus: 'available',
    ...overrides,
  };
}

export function withdrawal(id: number, overrides: Partial<WithdrawalDto> = {}): WithdrawalDto {
  return {
    id,
    currency: 'USDTTRC20',
    amount: '50',
    payout: '49.9',
    account: 'TXa1…9fQz',
    status: 'new',
    reason: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function operatorWithdrawal(id: number, overrides: Partial<OperatorWithdrawalDto> = {}): OperatorWithdrawalDto {
  return { ...withdrawal(id), userId: 41, email: 'anna@example.com', account: 'TXa1b2c3d4e5f6g7h8i9j0k1l2m3n4o59fQz', ...overrides };
}
