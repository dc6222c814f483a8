/**
 * The programme's part of an order becoming done, in the done transaction (orders/operatorActions.ts
 * planDone): the profit in USDT fixed at this moment's prices and the time (the plan's `set`),
 * then — once the row is written — the reward decision, and an eligible reward posted to the
 * partner's balance (rewardLedger.ts postReward: pending for referral.holdDays, else available) —
 * once, however often the done change is replayed.
 */
import type { Transaction } from 'sequelize';
import type { Order } from '../models';
import type { RatesView } from '../rates/store';
import type { ReferralDeps } from './context';
import { currentProfitUsdt } from './profit';
import { decideReward, type EligibleReward } from './rewards';
import { postReward } from './rewardLedger';

/** What the done change writes on the order for the programme. */
export async function doneFacts(deps: ReferralDeps & { rates: RatesView }, order: Order, now: Date, transaction?: Transaction): Promise<Pick<Order, 'profitUsdt' | 'doneAt'>> {
  return { profitUsdt: await currentProfitUsdt(deps, order, transaction), doneAt: now };
}

/** After the done row is written: the reward decision and its posting (see the module comment). */
export async function onOrderDone(
  deps: ReferralDeps,
  transaction: Transaction,
  order: Order,
  facts: Pick<Order, 'profitUsdt'>,
): Promise<EligibleReward | null> {
  const reward = await decideReward(deps, transaction, { ...order.get({ plain: true }), profitUsdt: facts.profitUsdt });
  if (reward) await postReward(deps, transaction, reward, deps.now());
  return reward;
}
