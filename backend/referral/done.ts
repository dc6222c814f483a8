/**
 * The programme's part of an order becoming done, in the done transaction (orders/operatorActions.ts
 * planDone): the profit in USDT fixed at this moment's prices and the time (the plan's `set`),
 * then — once the row is written — the reward decision. `onOrderDone` returns the eligible reward:
 * round 2 posts it to the ledger (backend/ledger) right there.
 */
import type { Transaction } from 'sequelize';
import type { Order } from '../models';
import type { RatesView } from '../rates/store';
import type { ReferralDeps } from './context';
import { currentProfitUsdt } from './profit';
import { decideReward, type EligibleReward } from './rewards';

/** What the done change writes on the order for the programme. */
export async function doneFacts(deps: ReferralDeps & { rates: RatesView }, order: Order, now: Date, transaction?: Transaction): Promise<Pick<Order, 'profitUsdt' | 'doneAt'>> {
  return { profitUsdt: await currentProfitUsdt(deps, order, transaction), doneAt: now };
}

/** After the done row is written: the reward decision (see the module comment). */
export async function onOrderDone(
  deps: ReferralDeps,
  transaction: Transaction,
  order: Order,
  facts: Pick<Order, 'profitUsdt'>,
): Promise<EligibleReward | null> {
  const reward = await decideReward(deps, transaction, { ...order.get({ plain: true }), profitUsdt: facts.profitUsdt });
  // TODO(round 2, backend/ledger): post `reward.amount` USDT to `reward.partnerId` here (pending for referral.holdDays).
  return reward;
}
