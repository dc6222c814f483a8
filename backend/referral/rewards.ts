/**
 * The reward decision on a done order of a referred customer, made in the done transaction right
 * after its profit was fixed: one `referral_rewards` row per order (unique orderId; a second call
 * or a racing one reads the row already there). Refused, with the reason recorded, for the
 * partner's own order (except one made through their partner API key: userId is theirs, the customer is not), an order sharing the partner's e-mail, card, wallet or address, or one with
 * no profit; else eligible at the partner's percent now: amount = profit × percent / 100, rounded
 * down to REWARD_DECIMALS (common/referral.ts) — the rest of the 18 places would be dust nobody can withdraw —
 * down to 18 places (multiplied by 0.01: exact, no division). The eligible reward is returned for the ledger to post (round 2: backend/ledger).
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { Big } from '../../common/money';
import { cardNumberDigits } from '../../common/requisites';
import { REWARD_DECIMALS, type RewardRefusal } from '../../common/referral';
import { listUserSessions } from '../accounts/sessionIndex';
import type { Order, ReferralReward } from '../models';
import { normalizeRequisiteNumber, requisiteHashes } from '../requisites/numbers';
import type { ReferralDeps } from './context';
import { ipHashes } from './ipHash';
import { partnerPercent } from './percent';

/** What decideReward reads of the order (with its profit fixed). */
export type RewardOrder = Pick<Order, 'id' | 'userId' | 'email' | 'senderAccount' | 'receiverAccount' | 'ipHash' | 'referrerId' | 'profitUsdt'> & Partial<Pick<Order, 'apiKeyId'>>;

/** An eligible reward: what the ledger posts to the partner's balance in USDT. */
export interface EligibleReward {
  rewardId: number;
  orderId: number;
  partnerId: number;
  /** USDT, decimal string. */
  amount: string;
  percent: string;
  profitUsdt: string;
}

function eligibleOf(decision: ReferralReward): EligibleReward | null {
  const { amount, percent, profitUsdt } = decision;
  if (decision.status !== 'eligible' || amount === null || percent === null || profitUsdt === null) return null;
  return { rewardId: decision.id, orderId: decision.orderId, partnerId: decision.partnerId, amount, percent, profitUsdt };
}

/** The order's accounts split into cards (by their digits) and wallets (as typed). */
function orderAccounts(order: RewardOrder): { cards: string[]; wallets: string[] } {
  const cards: string[] = [];
  const wallets: string[] = [];
  for (const account of [order.senderAccount, order.receiverAccount]) {
    if (!account?.trim()) continue;
    const digits = cardNumberDigits(account);
    if (digits) cards.push(digits);
    else {
      const wallet = normalizeRequisiteNumber('wallet', account);
      if (wallet) wallets.push(wallet);
    }
  }
  return { cards, wallets };
}

/** Whether the partner saved one of these numbers as a requisite, or used it on one of their own orders. */
async function partnerHolds(deps: ReferralDeps, transaction: Transaction, partnerId: number, kind: 'card' | 'wallet', numbers: string[]): Promise<boolean> {
  if (numbers.length === 0) return false;
  const hashes = numbers.flatMap((number) => requisiteHashes(deps.secretKeys, kind, number));
  const saved = await deps.models.Requisite.count({ where: { userId: partnerId, kind, numberHash: hashes }, transaction });
  if (saved > 0) return true;
  const own = await deps.models.Order.findAll({
    // The partner's own orders: not those made through their API key (their customers').
    where: { userId: partnerId, apiKeyId: { [Op.is]: null }, [Op.or]: [{ senderAccount: { [Op.ne]: null } }, { receiverAccount: { [Op.ne]: null } }] },
    attributes: ['senderAccount', 'receiverAccount'],
    order: [['id', 'DESC']],
    limit: 200,
    transaction,
  });
  const theirs = new Set(own.flatMap((row) => [row.senderAccount, row.receiverAccount]).flatMap((value) => {
    if (!value) return [];
    return [kind === 'card' ? cardNumberDigits(value) : normalizeRequisiteNumber('wallet', value)].filter((v): v is string => Boolean(v));
  }));
  return numbers.some((number) => theirs.has(number));
}

/** Whether the order came from an address the partner used: their orders' hashes, their live sessions' sign-in addresses. */
async function partnerSharesIp(deps: ReferralDeps, transaction: Transaction, partnerId: number, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const orders = await deps.models.Order.count({ where: { userId: partnerId, apiKeyId: { [Op.is]: null }, ipHash: hash }, transaction });
  if (orders > 0) return true;
  if (!deps.kv) return false;
  const sessions = await listUserSessions(deps.kv, partnerId, deps.now().getTime());
  return sessions.some((session) => session.ip !== null && ipHashes(deps.secretKeys, session.ip).includes(hash));
}

/** Why the order earns nothing, or null when it earns. */
export async function refusalOf(deps: ReferralDeps, transaction: Transaction, order: RewardOrder, partnerId: number): Promise<RewardRefusal | null> {
  // An order made through the partner's API key is theirs (their history) but their customer's exchange: not their own.
  if (order.userId === partnerId && (order.apiKeyId ?? null) === null) return 'own_order';
  const partner = await deps.models.User.findByPk(partnerId, { attributes: ['id', 'email'], transaction });
  if (partner && partner.email.trim().toLowerCase() === order.email.trim().toLowerCase()) return 'same_email';
  const { cards, wallets } = orderAccounts(order);
  if (await partnerHolds(deps, transaction, partnerId, 'card', cards)) return 'same_card';
  if (await partnerHolds(deps, transaction, partnerId, 'wallet', wallets)) return 'same_wallet';
  if (await partnerSharesIp(deps, transaction, partnerId, order.ipHash)) return 'same_ip';
  if (order.profitUsdt === null || new Big(order.profitUsdt).lte(0)) return 'no_profit';
  return null;
}

/**
 * Records the reward decision on a done order (see the module comment); null when the order has
 * no partner or is refused, else the eligible reward — THE hook for the ledger: post `amount` to
 * `partnerId` in the same transaction (backend/ledger, round 2).
 */
export async function decideReward(deps: ReferralDeps, transaction: Transaction, order: RewardOrder): Promise<EligibleReward | null> {
  const partnerId = order.referrerId;
  if (partnerId === null) return null;
  const { ReferralReward: Rewards } = deps.models;
  const existing = await Rewards.findOne({ where: { orderId: order.id }, transaction });
  if (existing) return eligibleOf(existing);
  const reason = await refusalOf(deps, transaction, order, partnerId);
  const base = { orderId: order.id, partnerId, profitUsdt: order.profitUsdt };
  let values;
  if (reason) values = { ...base, status: 'refused' as const, reason, percent: null, amount: null };
  else {
    const { percent } = await partnerPercent(deps, partnerId, transaction);
    const amount = new Big(order.profitUsdt!).times(percent).times('0.01').round(REWARD_DECIMALS, Big.roundDown);
    values = amount.gt(0)
      ? { ...base, status: 'eligible' as const, reason: null, percent, amount: amount.toFixed() }
      : { ...base, status: 'refused' as const, reason: 'too_small' as const, percent, amount: null };
  }
  try {
    return eligibleOf(await Rewards.create(values, { transaction }));
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    // A racing decision got there first: it stands.
    const raced = await Rewards.findOne({ where: { orderId: order.id }, transaction });
    return raced ? eligibleOf(raced) : null;
  }
}
