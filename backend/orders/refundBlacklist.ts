/**
 * A refund address against the blacklist, by the rule the creation checks accounts with
 * (blacklist/check.ts: as a wallet, and as a card when it is a card number). The customer's
 * `refund-address` and the operators' `return` with an address ask it before they write:
 * - no match: the command goes on as it is;
 * - `refuse`, or `hold` where the status table allows no hold (an order already on hold): the
 *   match is audited and the command answers 422 refund_address_refused — the order is unchanged;
 * - `hold`: the address is kept and the order put on hold instead, with the match on the order
 *   (`blacklistMatch`, as at creation) and audited in the same transaction.
 */
import type { OrderRuleAction } from '../../common/orderRules';
import { accountProblem } from '../../common/paymentDetails';
import { translateMessage } from '../../common/validation';
import { ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import { checkBlacklist, type BlacklistHit } from '../blacklist/check';
import { recordBlacklistMatch } from '../blacklist/commands';
import { RefundAddressRefused } from '../blacklist/errors';
import type { Order } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { isAllowed } from '../../common/orderRules';
import { orderFacts } from './allowed';
import type { ChangeOrderProps, OrderPlan } from './change';
import type { OrdersContext } from './context';

/**
 * 400 validation_failed on `address` unless it fits the asset the customer sent (funds go back in
 * it: a wallet of its network, a card's valid number — common/paymentDetails.ts accountProblem).
 */
export async function checkRefundAddressForm(ctx: OrdersContext, props: { order: Order; address: string; t: Translate }): Promise<void> {
  const asset = await ctx.models.Asset.findOne({ where: { code: props.order.fromCode }, attributes: ['code', 'type', 'network', 'currency'] });
  if (!asset) return;
  const problem = accountProblem(asset, props.address);
  if (problem !== true) throw new ValidationError({ address: translateMessage(problem, props.t) });
}

/** Null when the address matches nothing; the `hold` match to apply; else the refusal thrown. */
export async function screenRefundAddress(
  ctx: OrdersContext,
  props: { order: Order; address: string; ip: string | null },
): Promise<BlacklistHit | null> {
  const hit = await checkBlacklist(ctx.models, { accounts: [props.address] }, ctx.secretKeys);
  if (!hit) return null;
  if (hit.entry.action === 'hold' && isAllowed(orderFacts(props.order, ctx.now()), 'hold')) return hit;
  const { order } = props;
  await writeTransaction(ctx.sequelize, (transaction) =>
    recordBlacklistMatch(ctx.models, transaction, { entry: hit.entry, ip: props.ip, order: order.uid, email: order.email }),
  );
  throw new RefundAddressRefused();
}

/**
 * The change a held address makes instead of the command's own: `rule` and `hold` must both allow
 * it (re-read in the transaction), the address kept, the order on hold with the match recorded.
 */
export function holdForAddress(
  ctx: OrdersContext,
  hit: BlacklistHit,
  props: { order: Order; address: string; ip: string | null; rule: OrderRuleAction },
): Pick<ChangeOrderProps, 'rule' | 'plan'> {
  const { order } = props;
  return {
    rule: [props.rule, 'hold'],
    plan: (_order, _now, to): OrderPlan => ({
      set: { status: to, refundAddress: props.address, blacklistMatch: hit.match },
      details: { address: props.address },
      within: (transaction) => recordBlacklistMatch(ctx.models, transaction, { entry: hit.entry, ip: props.ip, order: order.uid, email: order.email }),
    }),
  };
}
