/**
 * The orders' side of saved requisites: the card an operator approved during a signed-in user's
 * order is saved as their verified card (both ways of approving — the order action `card-approve`
 * and the card review queue — take this plan), and the user's open page hears of it after the
 * commit.
 */
import type { Transaction } from 'sequelize';
import type { Models, Order, Requisite } from '../models';
import type { KV } from '../platform/kv/types';
import type { Logger } from '../platform/logger';
import { saveApprovedOrderCard } from './commands';
import { announceRequisiteChange } from './live';

export interface ApprovedCardDeps {
  models: Pick<Models, 'Requisite'>;
  secretKeys: readonly string[];
  kv: KV;
  logger: Logger;
  now: () => Date;
}

/** `within` (in the approval's transaction) and `after` (after its commit) of an order's card approval. */
export function savingApprovedCard(
  deps: ApprovedCardDeps,
  order: Pick<Order, 'uid' | 'userId' | 'fromCode' | 'senderAccount'>,
  actorId: number,
): { within: (transaction: Transaction) => Promise<void>; after: () => Promise<void> } {
  let saved: Requisite | null = null;
  return {
    within: async (transaction) => {
      saved = await saveApprovedOrderCard(deps, transaction, { order, actorId });
    },
    after: async () => {
      const row = saved as Requisite | null;
      if (row) await announceRequisiteChange(deps, { userId: row.userId, id: row.id, status: 'verified' });
    },
  };
}
