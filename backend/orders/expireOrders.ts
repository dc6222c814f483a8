/**
 * Expiry: new orders nobody marked paid whose payment window has passed become deleted
 * (expired), by the system — not while a card photo waits for its review (the window stands still). Each goes through changeOrder, so an order the customer marks paid
 * or an operator extends at the same moment is either expired or not — never both.
 */
import { Op } from 'sequelize';
import { ORDER_RULES } from '../../common/orderRules';
import { changeOrder, SYSTEM } from './change';
import type { OrdersContext } from './context';
import { InvalidTransition } from './errors';

/** Orders expired per pass at most (the next pass takes the rest). */
export const EXPIRE_BATCH = 100;

/** Expires what is due at `ctx.now()`; returns the uids expired. */
export async function expireOrders(ctx: OrdersContext): Promise<string[]> {
  const due = await ctx.models.Order.findAll({
    attributes: ['id', 'uid'],
    // The candidates by the table's `expire` row; each is checked again inside its change.
    // (Not while a card photo waits for its review: the window stands still then.)
    where: { status: { [Op.in]: ORDER_RULES.expire.from }, paidAt: { [Op.is]: null }, expiresAt: { [Op.lt]: ctx.now() }, cardCheck: { [Op.ne]: 'pending' } },
    order: [['expiresAt', 'ASC']],
    limit: EXPIRE_BATCH,
  });
  const expired: string[] = [];
  for (const { id, uid } of due) {
    try {
      await changeOrder(ctx, {
        orderId: id,
        action: 'expired',
        actor: SYSTEM,
        rule: 'expire',
        plan: (_order, _now, to) => ({ set: { status: to, deleteReason: 'expired' } }),
      });
      expired.push(uid);
    } catch (error) {
      if (!(error instanceof InvalidTransition)) ctx.logger.error({ err: error, uid }, 'order not expired');
    }
  }
  return expired;
}
