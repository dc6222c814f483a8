/**
 * The referral (partner) programme: the contract between the server, the user area
 * (`/user/partner`, `/user-actions/withdraw`) and the console (withdrawal requests, the tier table).
 *
 * Money: every amount is a decimal string (big.js on both sides), never a number. A partner's
 * balance is kept in the reference currency USDT on the ledger (backend/ledger); a withdrawal takes
 * a USDT amount off the available balance and pays its value in the chosen asset at the rate of
 * the moment of the request (both are shown before confirming).
 */
import { array, mixed, number, object, string, type InferType } from 'yup';
import { Big, isDecimalString } from './money';
import { REFERRAL_CODE_PATTERN } from './referralCode';
import { trimmedString, validationMessage } from './validation';

/** The ledger's reference currency: rewards and balances. */
export const REFERRAL_CURRENCY = 'USDT';

/**
 * Places a reward keeps (rounded down): USDT amounts a person can read and withdraw in full; the
 * ledger itself stores 18.
 */
export const REWARD_DECIMALS = 8;

/** How long the browser keeps `?r=` (the spec: 30 days). */
export const REFERRAL_RETENTION_MS = 2_592_000_000;

/** A referral code (./referralCode.ts). */
export { REFERRAL_CODE_PATTERN };

/** A row of the tier table: from `referrals` active referrals on, the partner earns `percent` % of the profit. */
export interface ReferralTier {
  referrals: number;
  /** Decimal string, 0–100. */
  percent: string;
}

/** The default table (editable by an admin): it reaches the spec's 15 %. */
export const DEFAULT_REFERRAL_TIERS: readonly ReferralTier[] = [
  { referrals: 0, percent: '5' },
  { referrals: 5, percent: '7.5' },
  { referrals: 20, percent: '10' },
  { referrals: 50, percent: '12.5' },
  { referrals: 100, percent: '15' },
];

/** An active referral: a referred user with a done exchange in the last this many days. */
export const ACTIVE_REFERRAL_DAYS = 30;

/** `GET /api/user/partner`. */
export interface PartnerSummary {
  code: string;
  /** The referral link: the site's address with `?r=<code>`. */
  link: string;
  /** The partner's percent now (an admin's own percent wins over the tier table). */
  percent: string;
  /** Whether `percent` is an admin's own percent for this partner. */
  percentOverride: boolean;
  /** The next tier: how many active referrals it needs and its percent; null at the top or with an own percent. */
  nextTier: ReferralTier | null;
  /** USDT that can be withdrawn now. */
  available: string;
  /** USDT still held (the hold period) or reserved by withdrawal requests in progress. */
  pending: string;
  /** Users bound to this partner. */
  referrals: number;
  /** Referred users with a done exchange in the last ACTIVE_REFERRAL_DAYS days (what the tier counts). */
  activeReferrals: number;
  /** The smallest withdrawal, in USDT. */
  minPayout: string;
  currency: typeof REFERRAL_CURRENCY;
}

/**
 * What a referred exchange brought the partner: `pending` (held), `available`, `reversed` (the
 * order was returned after the reward), `not_eligible` (with the reason code, never shown in
 * detail to the partner), or null while the order is not done.
 */
export const REWARD_STATUSES = ['pending', 'available', 'reversed', 'not_eligible'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** Why an order earns nothing (recorded on the refusal; the partner sees "not eligible"). */
/** `too_small`: the reward rounds down to nothing at REWARD_DECIMALS (a tiny profit, or an own percent of 0). */
export const REWARD_REFUSALS = ['own_order', 'same_email', 'same_card', 'same_wallet', 'same_ip', 'no_profit', 'too_small'] as const;
export type RewardRefusal = (typeof REWARD_REFUSALS)[number];

/** A row of the partner's table of referred exchanges (`GET /api/user/partner/exchanges?cursor=`). */
export interface ReferredExchange {
  /** The order's uid (never its secret: the partner cannot open it). */
  uid: string;
  from: string;
  to: string;
  amountSend: string;
  amountReceive: string;
  receivedAmount: string | null;
  status: string;
  createdAt: string;
  /** The partner's reward in USDT; null when there is none (not done, not eligible). */
  reward: string | null;
  rewardStatus: RewardStatus | null;
}

export interface ReferredExchangePage {
  items: ReferredExchange[];
  nextCursor: string | null;
}

/** A withdrawal request's life: `new` → `processing` → `paid` | `rejected` (with a reason); `new` may be rejected too. */
export const WITHDRAWAL_STATUSES = ['new', 'processing', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface WithdrawalDto {
  id: number;
  /** The asset paid out. */
  currency: string;
  /** The USDT taken off the balance. */
  amount: string;
  /** What is paid in `currency`, at the rate of the request. */
  payout: string;
  /** Where to: masked for a card (`•••• 1234`), shortened for a wallet. */
  account: string;
  status: WithdrawalStatus;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/user/partner/withdrawals/quote?currency=&amount=`: what a request would pay, before confirming. */
export interface WithdrawalQuote {
  currency: string;
  amount: string;
  payout: string;
  /** Units of `currency` per USDT. */
  rate: string;
}

/** The staff's view of a request (`GET /api/operator/withdrawals?status=&cursor=`): the full account, the partner. */
export interface OperatorWithdrawalDto extends Omit<WithdrawalDto, 'account'> {
  userId: number;
  email: string;
  /** The full account to pay to (cards decrypted for staff only). */
  account: string;
}

/** Admin settings (`GET/PUT /api/admin/referral/settings`). */
export interface ReferralSettings {
  tiers: ReferralTier[];
  /** Days a new reward stays pending before it becomes available (default 0). */
  holdDays: number;
  /** The smallest withdrawal in USDT. */
  minPayout: string;
}

/** `POST /api/user/partner/withdrawals`: a USDT amount, the asset to be paid in, where to, the 2FA code when 2FA is on. */
const withdrawalCurrency = () => trimmedString().required(validationMessage('required')).max(32, validationMessage('general_error'));
/** A USDT amount: a plain decimal that fits DECIMAL(36,18). */
const withdrawalAmount = () =>
  trimmedString()
    .required(validationMessage('required'))
    .matches(/^\d{1,18}(\.\d{1,18})?$/, validationMessage('general_error'));

export const withdrawalRequestSchema = object({
  currency: withdrawalCurrency(),
  amount: withdrawalAmount(),
  account: trimmedString().required(validationMessage('required')).max(128, validationMessage('general_error')),
  code: trimmedString().optional().matches(/^\d{6}$/, { message: validationMessage('general_error'), excludeEmptyString: true }),
});
export type WithdrawalRequest = InferType<typeof withdrawalRequestSchema>;

/** Live: to the partner's `user:<id>` room when a reward, a referral or a withdrawal changed. */
export interface PartnerChangedEvent {
  kind: 'reward' | 'referral' | 'withdrawal';
}

/** `GET /api/user/partner/withdrawals/quote?currency=&amount=`. */
export const withdrawalQuoteQuerySchema = object({
  currency: withdrawalCurrency(),
  amount: withdrawalAmount(),
});

/** `GET /api/user/partner/withdrawals?cursor=` (the last id seen). */
export const withdrawalListQuerySchema = object({
  cursor: string().optional().matches(/^\d{1,12}$/, validationMessage('general_error')),
});

/** The statuses a `status=new,processing` filter names (empty: all). */
export function withdrawalStatusFilter(value: string | undefined): WithdrawalStatus[] {
  return (value ?? '').split(',').filter((part): part is WithdrawalStatus => (WITHDRAWAL_STATUSES as readonly string[]).includes(part));
}

/** `GET /api/operator/withdrawals?status=&cursor=`: `status` is one status or several, comma-separated. */
export const operatorWithdrawalListQuerySchema = object({
  status: string()
    .optional()
    .test('statuses', validationMessage('general_error'), (value) => !value || value.split(',').every((part) => (WITHDRAWAL_STATUSES as readonly string[]).includes(part))),
  cursor: string().optional().matches(/^\d{1,12}$/, validationMessage('general_error')),
});

/** A staff move of a request and the statuses it starts from: the one table the server and the console ask. */
export type WithdrawalMove = 'processing' | 'paid' | 'reject';
export const WITHDRAWAL_MOVES: Readonly<Record<WithdrawalMove, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>> = {
  processing: { from: ['new'], to: 'processing' },
  paid: { from: ['processing'], to: 'paid' },
  reject: { from: ['new', 'processing'], to: 'rejected' },
};

/** Whether a request in `status` may take `move` (the console shows only these buttons). */
export function canMoveWithdrawal(status: WithdrawalStatus, move: WithdrawalMove): boolean {
  return WITHDRAWAL_MOVES[move].from.includes(status);
}

export const MAX_WITHDRAWAL_REASON = 500;

/** `POST /api/operator/withdrawals/{id}/reject` `{reason}`: a reason is required. */
export const withdrawalRejectSchema = object({
  reason: string().strict().trim().required(validationMessage('required')).max(MAX_WITHDRAWAL_REASON, validationMessage('max_length', { max: MAX_WITHDRAWAL_REASON })),
});

export interface WithdrawalPage {
  items: WithdrawalDto[];
  nextCursor: string | null;
}

export interface OperatorWithdrawalPage {
  items: OperatorWithdrawalDto[];
  nextCursor: string | null;
}

/** Live, to `operators`: a withdrawal request arrived or changed (the console's list reloads). */
export interface OperatorWithdrawalEvent {
  id: number;
  status: WithdrawalStatus;
}

// ---- Schemas of the referral endpoints ------------------------------------------------------

/** A percent: a decimal string from 0 to 100. */
function percentString() {
  return trimmedString()
    .required(validationMessage('required'))
    .matches(/^\d{1,3}(\.\d{1,18})?$/, validationMessage('general_error'))
    .test('percent-range', validationMessage('max_value', { max: 100 }), (value) => !isDecimalString(value) || new Big(value).lte(100));
}

/** The tier table: sorted by `referrals` (strictly rising), the first from 0 referrals, percents 0–100. */
export const referralTierSchema = object({
  referrals: number().required(validationMessage('required')).integer(validationMessage('integer')).min(0, validationMessage('min_value', { min: 0 })).max(1_000_000, validationMessage('max_value', { max: 1_000_000 })),
  percent: percentString(),
});

/** `PUT /api/admin/referral/settings`. */
export const referralSettingsSchema = object({
  tiers: array()
    .of(referralTierSchema.required())
    .required(validationMessage('required'))
    .min(1, validationMessage('min_items', { min: 1 }))
    .max(50, validationMessage('max_items', { max: 50 }))
    // These run beside the items' own checks, so an item may still be anything here (null, a string):
    // such an item is the items' failure to report, not these.
    .test('tiers-from-zero', validationMessage('general_error'), (tiers) => !tiers?.length || typeof tiers[0]?.referrals !== 'number' || tiers[0].referrals === 0)
    .test('tiers-sorted', validationMessage('general_error'), (tiers) =>
      (tiers ?? []).every((tier, i, all) => i === 0 || typeof tier?.referrals !== 'number' || typeof all[i - 1]?.referrals !== 'number' || tier.referrals > all[i - 1]!.referrals),
    ),
  holdDays: number().required(validationMessage('required')).integer(validationMessage('integer')).min(0, validationMessage('min_value', { min: 0 })).max(365, validationMessage('max_value', { max: 365 })),
  minPayout: trimmedString()
    .required(validationMessage('required'))
    .matches(/^\d{1,18}(\.\d{1,18})?$/, validationMessage('invalid_amount'))
    .test('min-payout-positive', validationMessage('more_than', { min: 0 }), (value) => !isDecimalString(value) || new Big(value).gt(0)),
});
export type ReferralSettingsInput = InferType<typeof referralSettingsSchema>;

/** `PUT /api/admin/referral/partners/{userId}`: an admin's own percent for the partner, or null for the tier table. */
export const partnerPercentSchema = object({
  percent: mixed<string>()
    .nullable()
    .defined(validationMessage('required'))
    .test('percent', validationMessage('general_error'), (value) => value === null || (typeof value === 'string' && percentString().isValidSync(value))),
});
export interface PartnerPercentRequest {
  percent: string | null;
}

/** What `PUT /api/admin/referral/partners/{userId}` answers. */
export interface PartnerPercentDto {
  userId: number;
  percent: string | null;
}

/** `POST /api/referral/clicks`: the SPA's one beacon when it stores a new `?r=` code (the server adds the time, address hash and browser). */
export const referralClickSchema = object({
  code: trimmedString().required(validationMessage('required')).matches(REFERRAL_CODE_PATTERN, validationMessage('general_error')),
  path: trimmedString().optional().max(2048, validationMessage('general_error')),
});
export type ReferralClickRequest = InferType<typeof referralClickSchema>;

/** `GET /api/user/partner/exchanges?cursor=`: the cursor is the last row's id. */
export const referredExchangesQuerySchema = object({
  cursor: string().optional().matches(/^\d{1,12}$/, { message: validationMessage('general_error') }),
});

/** The staff's view of a reward decision (the reason stays with staff; the partner sees `not_eligible`). */
export interface ReferralRewardDecision {
  status: 'eligible' | 'refused';
  reason: RewardRefusal | null;
  profitUsdt: string | null;
  percent: string | null;
  amount: string | null;
}
