/**
 * What a partner sees: the summary (`GET /api/user/partner`) and the referred exchanges
 * (`GET /api/user/partner/exchanges?cursor=`): only orders attributed to the caller
 * (orders.referrerId), newest first, never the customer's e-mail, accounts or the order's secret.
 */
import { Op, type WhereOptions } from 'sequelize';
import { REFERRAL_CURRENCY, type PartnerSummary, type ReferredExchange, type ReferredExchangePage, type RewardStatus } from '../../common/referral';
import type { Order, ReferralReward } from '../models';
import { ensureReferralCode } from './codes';
import type { ReferralContext, ReferralDeps } from './context';
import { partnerPercent, referralCount } from './percent';
import { readMinPayout } from './settings';
import { Big } from '../../common/money';
import { partnerBalances } from '../ledger/referral';

export const REFERRED_EXCHANGES_PAGE_SIZE = 20;

/** The link a partner shares: the site with `?r=<code>`. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?r=${encodeURIComponent(code)}`;
}

export async function partnerSummary(deps: ReferralContext, userId: number): Promise<PartnerSummary> {
  const code = await ensureReferralCode(deps, userId);
  const percent = await partnerPercent(deps, userId);
  const balances = await partnerBalances(deps, userId);
  return {
    code,
    link: referralLink(deps.publicUrl, code),
    percent: percent.percent,
    percentOverride: percent.override,
    nextTier: percent.nextTier,
    available: balances.available,
    // Held by the hold period, or reserved by withdrawal requests in progress.
    pending: new Big(balances.pending).plus(balances.held).toFixed(),
    referrals: await referralCount(deps, userId),
    activeReferrals: percent.activeReferrals,
    minPayout: await readMinPayout(deps.models),
    currency: REFERRAL_CURRENCY,
  };
}

/** The partner's view of a decision: refused → not eligible; eligible → where it stands on the ledger (pending, available, reversed). */
function rewardOf(decision: ReferralReward | undefined): { reward: string | null; rewardStatus: RewardStatus | null } {
  if (!decision) return { reward: null, rewardStatus: null };
  if (decision.status === 'refused') return { reward: null, rewardStatus: 'not_eligible' };
  return { reward: decision.amount, rewardStatus: decision.ledgerStatus };
}

export function presentReferredExchange(order: Order, decision: ReferralReward | undefined): ReferredExchange {
  return {
    uid: order.uid,
    from: order.fromCode,
    to: order.toCode,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    receivedAmount: order.receivedAmount ?? null,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    ...rewardOf(decision),
  };
}

/** The caller's referred exchanges older than `cursor` (an order id), newest first. */
export async function listReferredExchanges(
  deps: Pick<ReferralDeps, 'models'>,
  partnerId: number,
  query: { cursor?: string },
  limit = REFERRED_EXCHANGES_PAGE_SIZE,
): Promise<ReferredExchangePage> {
  const where: WhereOptions<Order>[] = [{ referrerId: partnerId }];
  if (query.cursor) where.push({ id: { [Op.lt]: Number(query.cursor) } });
  const found = await deps.models.Order.findAll({ where: { [Op.and]: where }, order: [['id', 'DESC']], limit: limit + 1 });
  const page = found.slice(0, limit);
  const decisions = page.length === 0 ? [] : await deps.models.ReferralReward.findAll({ where: { partnerId, orderId: { [Op.in]: page.map((order) => order.id) } } });
  const byOrder = new Map(decisions.map((decision) => [decision.orderId, decision]));
  return {
    items: page.map((order) => presentReferredExchange(order, byOrder.get(order.id))),
    nextCursor: found.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
