/**
 * The reward decisions meet the ledger (backend/ledger/referral.ts): each helper runs in the
 * caller's transaction and moves the decision's `ledgerStatus` with a conditional update (the
 * row is the guard: a replay, a second worker or a racing operator finds it moved and posts
 * nothing) next to the posting, whose idempotency key is the second guard.
 *
 * | when                    | ledgerStatus              | posting                     |
 * |-------------------------|---------------------------|-----------------------------|
 * | the order is done       | null → pending/available  | accrueReward (hold: pending; releaseAt = now + holdDays) |
 * | the hold is over (job)  | pending → available       | releaseReward               |
 * | the order is reversed   | pending/available → reversed | reverseReward            |
 */
import { Op, type Transaction } from 'sequelize';
import type { PartnerChangedEvent } from '../../common/referral';
import { accrueReward, releaseReward, reverseReward } from '../ledger/referral';
import { announcePartnerChange } from '../ledger/live';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { writeTransaction } from '../platform/db/transaction';
import type { ReferralDeps } from './context';
import type { EligibleReward } from './rewards';
import { readHoldDays } from './settings';

const DAY_MS = 86_400_000;

type Deps = Pick<ReferralDeps, 'sequelize' | 'models'>;

/** Posts an eligible reward once: pending for the hold period (readHoldDays), else available. False when it was posted already. */
export async function postReward(deps: Deps, transaction: Transaction, reward: EligibleReward, now: Date): Promise<boolean> {
  const holdDays = await readHoldDays(deps.models, transaction);
  const pending = holdDays > 0;
  const [moved] = await deps.models.ReferralReward.update(
    { ledgerStatus: pending ? 'pending' : 'available', releaseAt: pending ? new Date(now.getTime() + holdDays * DAY_MS) : null },
    { where: { id: reward.rewardId, status: 'eligible', ledgerStatus: null }, transaction },
  );
  if (moved !== 1) return false;
  await accrueReward(deps, transaction, { orderId: reward.orderId, partnerId: reward.partnerId, amount: reward.amount, pending });
  return true;
}

/**
 * The order was returned after it was done: its reward (if one was posted) goes back — from
 * pending, or from available with the shortfall as debt (the ledger decides). The partner to tell,
 * or null when there was nothing to reverse.
 */
export async function reverseOrderReward(deps: Deps, transaction: Transaction, orderId: number): Promise<number | null> {
  const reward = await deps.models.ReferralReward.findOne({ where: { orderId }, transaction });
  if (!reward || reward.status !== 'eligible') return null;
  const [moved] = await deps.models.ReferralReward.update(
    { ledgerStatus: 'reversed', releaseAt: null },
    { where: { id: reward.id, ledgerStatus: { [Op.in]: ['pending', 'available'] } }, transaction },
  );
  if (moved !== 1) return null;
  await reverseReward(deps, transaction, { orderId, partnerId: reward.partnerId });
  return reward.partnerId;
}

/** The rewards whose hold is over by `now`: each released in its own transaction, its partner told after the commit. */
export async function releaseDueRewards(deps: Deps & { kv: KV; logger: Logger }, now: Date, limit = 100): Promise<number> {
  const due = await deps.models.ReferralReward.findAll({
    where: { ledgerStatus: 'pending', releaseAt: { [Op.lte]: now } },
    attributes: ['id', 'orderId', 'partnerId'],
    order: [['releaseAt', 'ASC'], ['id', 'ASC']],
    limit,
  });
  let released = 0;
  for (const reward of due) {
    const moved = await writeTransaction(deps.sequelize, async (transaction) => {
      const [count] = await deps.models.ReferralReward.update(
        { ledgerStatus: 'available' },
        { where: { id: reward.id, ledgerStatus: 'pending' }, transaction },
      );
      if (count !== 1) return false;
      await releaseReward(deps, transaction, { orderId: reward.orderId, partnerId: reward.partnerId });
      return true;
    });
    if (!moved) continue;
    released += 1;
    await announcePartnerChange(deps, { userId: reward.partnerId, kind: 'reward' });
  }
  return released;
}

/** After a commit: the partner's page reloads its summary and table. */
export function announceToPartner(deps: { kv: KV; logger: Logger }, partnerId: number | null, kind: PartnerChangedEvent['kind']): Promise<void> {
  return partnerId === null ? Promise.resolve() : announcePartnerChange(deps, { userId: partnerId, kind });
}
