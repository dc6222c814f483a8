/**
 * The referral programme's postings (USDT, common/referral.ts REFERRAL_CURRENCY). A partner has
 * `referral_pending` (the hold period), `referral_available` (withdrawable), `withdrawal_held`
 * (reserved by requests in progress) and `debt` (what a reversal could not take back: negative);
 * the system has `referral_expense` (what rewards cost: negative) and `payouts` (what was paid).
 * Every helper runs in the caller's transaction and posts once per key:
 *
 * | helper            | key                           | postings                                               |
 * |-------------------|-------------------------------|--------------------------------------------------------|
 * | accrueReward      | `reward:<orderId>`            | expense −a; debt +min(owed, a); pending/available +rest |
 * | releaseReward     | `reward:<orderId>:release`    | pending −rest; available +rest                          |
 * | reverseReward     | `reward:<orderId>:reverse`    | expense +a; pending or available −what is there; debt −the rest |
 * | holdWithdrawal    | `withdrawal:<id>:hold`        | available −a; held +a                                   |
 * | settleWithdrawal  | `withdrawal:<id>:settle`      | held −a; payouts +a (paid) or available +a (void)       |
 *
 * Paid and void share one key: a request is never both.
 */
import type { Transaction } from 'sequelize';
import { REFERRAL_CURRENCY } from '../../common/referral';
import { Big } from '../../common/money';
import { initModels } from '../models';
import { balanceOf, postTransaction, systemAccount, userAccount, type LedgerDeps, type PostingInput, type PostResult } from './post';

export const PARTNER_KINDS = { pending: 'referral_pending', available: 'referral_available', held: 'withdrawal_held', debt: 'debt' } as const;
export const SYSTEM_KINDS = { expense: 'referral_expense', payouts: 'payouts' } as const;

export function partnerAccount(partnerId: number, kind: keyof typeof PARTNER_KINDS) {
  return userAccount(partnerId, REFERRAL_CURRENCY, PARTNER_KINDS[kind]);
}

export function referralSystemAccount(kind: keyof typeof SYSTEM_KINDS) {
  return systemAccount(REFERRAL_CURRENCY, SYSTEM_KINDS[kind]);
}

export const rewardKey = (orderId: number) => `reward:${orderId}`;
export const releaseKey = (orderId: number) => `reward:${orderId}:release`;
export const reverseKey = (orderId: number) => `reward:${orderId}:reverse`;
export const holdKey = (withdrawalId: number) => `withdrawal:${withdrawalId}:hold`;
export const settleKey = (withdrawalId: number) => `withdrawal:${withdrawalId}:settle`;

function positive(amount: string): Big {
  const value = new Big(amount);
  if (value.lte(0)) throw new RangeError(`a reward or withdrawal amount is positive, got ${amount}`);
  return value;
}

function posting(account: PostingInput['account'], amount: Big): PostingInput {
  return { account, amount: amount.toFixed() };
}

/** What the partner owes (a positive number; '0' when the debt account is at zero or absent). */
async function owed(deps: LedgerDeps, transaction: Transaction, partnerId: number): Promise<Big> {
  const debt = new Big(await balanceOf(deps, partnerAccount(partnerId, 'debt'), transaction));
  return debt.lt(0) ? debt.neg() : new Big(0);
}

/**
 * A referred order's reward: the expense pays it, any debt of the partner first, the rest to
 * `pending` (a hold period) or straight to `available`.
 */
export async function accrueReward(deps: LedgerDeps, transaction: Transaction, props: { orderId: number; partnerId: number; amount: string; pending: boolean }): Promise<PostResult> {
  const amount = positive(props.amount);
  const debt = await owed(deps, transaction, props.partnerId);
  const paid = debt.lt(amount) ? debt : amount;
  const rest = amount.minus(paid);
  const postings = [posting(referralSystemAccount('expense'), amount.neg())];
  if (paid.gt(0)) postings.push(posting(partnerAccount(props.partnerId, 'debt'), paid));
  if (rest.gt(0)) postings.push(posting(partnerAccount(props.partnerId, props.pending ? 'pending' : 'available'), rest));
  return postTransaction(deps, transaction, { idempotencyKey: rewardKey(props.orderId), kind: 'reward', reference: `order:${props.orderId}`, postings });
}

interface Accrual {
  /** The whole reward. */
  amount: Big;
  /** What went to the debt. */
  paidDebt: Big;
  /** What went to pending or available. */
  credited: Big;
  /** Whether it was credited to pending. */
  pending: boolean;
}

/** What the order's reward posted, its accrual row locked (release and reverse of one order take turns); null when none. */
async function accrualOf(deps: LedgerDeps, transaction: Transaction, orderId: number, partnerId: number): Promise<Accrual | null> {
  const { LedgerTransaction, LedgerPosting, LedgerAccount } = initModels(deps.sequelize);
  // Found first, then locked by its primary key: no gap lock when there is none (see post.ts balanceOf).
  const found = await LedgerTransaction.findOne({ where: { idempotencyKey: rewardKey(orderId) }, transaction });
  const row = found && (await LedgerTransaction.findByPk(found.id, { transaction, lock: transaction.LOCK.UPDATE }));
  if (!row) return null;
  const postings = await LedgerPosting.findAll({ where: { transactionId: row.id }, transaction });
  const accounts = await LedgerAccount.findAll({ where: { id: postings.map((entry) => entry.accountId) }, transaction });
  const kindOf = new Map(accounts.filter((account) => account.ownerType === 'system' || account.ownerId === partnerId).map((account) => [account.id, account.kind]));
  const accrual: Accrual = { amount: new Big(0), paidDebt: new Big(0), credited: new Big(0), pending: false };
  for (const entry of postings) {
    const kind = kindOf.get(entry.accountId);
    if (kind === SYSTEM_KINDS.expense) accrual.amount = accrual.amount.minus(entry.amount);
    else if (kind === PARTNER_KINDS.debt) accrual.paidDebt = accrual.paidDebt.plus(entry.amount);
    else if (kind === PARTNER_KINDS.pending || kind === PARTNER_KINDS.available) {
      accrual.credited = accrual.credited.plus(entry.amount);
      accrual.pending = kind === PARTNER_KINDS.pending;
    }
  }
  return accrual;
}

async function posted(deps: LedgerDeps, transaction: Transaction, key: string): Promise<boolean> {
  const { LedgerTransaction } = initModels(deps.sequelize);
  return (await LedgerTransaction.count({ where: { idempotencyKey: key }, transaction })) > 0;
}

/**
 * The hold period is over: what the reward put in `pending` becomes `available`. Null when there
 * is nothing to release (no reward, credited straight to available, all of it paid a debt, or
 * already reversed).
 */
export async function releaseReward(deps: LedgerDeps, transaction: Transaction, props: { orderId: number; partnerId: number }): Promise<PostResult | null> {
  const accrual = await accrualOf(deps, transaction, props.orderId, props.partnerId);
  if (!accrual || !accrual.pending || accrual.credited.eq(0)) return null;
  if (await posted(deps, transaction, reverseKey(props.orderId))) return null;
  return postTransaction(deps, transaction, {
    idempotencyKey: releaseKey(props.orderId),
    kind: 'reward.release',
    reference: `order:${props.orderId}`,
    postings: [posting(partnerAccount(props.partnerId, 'pending'), accrual.credited.neg()), posting(partnerAccount(props.partnerId, 'available'), accrual.credited)],
  });
}

/**
 * The order was returned: the reward goes back to the expense. Taken from `pending` while it is
 * still there, else from `available` as far as it goes; the rest (and what paid a debt) becomes
 * debt again, paid by the partner's next rewards. Null when the order has no reward.
 */
export async function reverseReward(deps: LedgerDeps, transaction: Transaction, props: { orderId: number; partnerId: number }): Promise<PostResult | null> {
  const accrual = await accrualOf(deps, transaction, props.orderId, props.partnerId);
  if (!accrual) return null;
  const { partnerId, orderId } = props;
  const postings = [posting(referralSystemAccount('expense'), accrual.amount)];
  let shortfall = accrual.paidDebt;
  if (accrual.credited.gt(0)) {
    const stillPending = accrual.pending && !(await posted(deps, transaction, releaseKey(orderId)));
    if (stillPending) postings.push(posting(partnerAccount(partnerId, 'pending'), accrual.credited.neg()));
    else {
      const available = new Big(await balanceOf(deps, partnerAccount(partnerId, 'available'), transaction));
      const taken = available.lt(accrual.credited) ? (available.gt(0) ? available : new Big(0)) : accrual.credited;
      if (taken.gt(0)) postings.push(posting(partnerAccount(partnerId, 'available'), taken.neg()));
      shortfall = shortfall.plus(accrual.credited.minus(taken));
    }
  }
  if (shortfall.gt(0)) postings.push(posting(partnerAccount(partnerId, 'debt'), shortfall.neg()));
  return postTransaction(deps, transaction, { idempotencyKey: reverseKey(orderId), kind: 'reward.reverse', reference: `order:${orderId}`, postings });
}

/** A withdrawal request reserves its amount: available → withdrawal_held (InsufficientFunds when it is not there). */
export async function holdWithdrawal(deps: LedgerDeps, transaction: Transaction, props: { withdrawalId: number; userId: number; amount: string }): Promise<PostResult> {
  const amount = positive(props.amount);
  return postTransaction(deps, transaction, {
    idempotencyKey: holdKey(props.withdrawalId),
    kind: 'withdrawal.hold',
    reference: `withdrawal:${props.withdrawalId}`,
    postings: [posting(partnerAccount(props.userId, 'available'), amount.neg()), posting(partnerAccount(props.userId, 'held'), amount)],
  });
}

/** Paid: held → payouts; refused: held → available. One key for both: a request is settled once. */
export async function settleWithdrawal(
  deps: LedgerDeps,
  transaction: Transaction,
  props: { withdrawalId: number; userId: number; amount: string },
  outcome: 'paid' | 'void',
): Promise<PostResult> {
  const amount = positive(props.amount);
  const to = outcome === 'paid' ? referralSystemAccount('payouts') : partnerAccount(props.userId, 'available');
  return postTransaction(deps, transaction, {
    idempotencyKey: settleKey(props.withdrawalId),
    kind: `withdrawal.${outcome}`,
    reference: `withdrawal:${props.withdrawalId}`,
    postings: [posting(partnerAccount(props.userId, 'held'), amount.neg()), posting(to, amount)],
  });
}

/** A partner's balances in USDT (decimal strings): what the summary and the withdrawal check read. */
export async function partnerBalances(deps: LedgerDeps, partnerId: number, transaction?: Transaction): Promise<{ pending: string; available: string; held: string; debt: string }> {
  const [pending, available, held, debt] = await Promise.all(
    (['pending', 'available', 'held', 'debt'] as const).map((kind) => balanceOf(deps, partnerAccount(partnerId, kind), transaction)),
  );
  return { pending: pending!, available: available!, held: held!, debt: debt! };
}
