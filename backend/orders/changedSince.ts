/**
 * The order changes a web process may have missed while its KV subscription was down: both views
 * of the orders updated since a moment, for the order rooms and the users' rooms it holds and, when it has operators'
 * sockets, for the operators' feed. Read from the database, so nothing committed is lost even
 * when the process that made the change could not publish it (or died since).
 */
import { Op, type WhereOptions } from 'sequelize';
import type { Database } from '../platform/db';
import { initModels, type Order } from '../models';
import type { OrderChangeMessage } from './events';
import { presentOperatorOrder, presentOrder } from './presenters';
import { loadOrderViews } from './view';

/** The operators' feed gets at most this many changed orders (newest first); their console reloads on reconnect. */
export const OPERATOR_RESYNC_LIMIT = 500;
const UID_BATCH = 500;

export interface ChangedSinceScope {
  /** The orders whose rooms have sockets here. */
  uids: readonly string[];
  /** Whether operators' sockets are here (every changed order, up to OPERATOR_RESYNC_LIMIT). */
  operators: boolean;
  /** The users whose rooms (`user:<id>`: their history pages) have sockets here; their orders changed since. */
  users?: readonly number[];
}

export async function findOrderChangesSince(db: Pick<Database, 'sequelize'>, since: Date, scope: ChangedSinceScope): Promise<OrderChangeMessage[]> {
  const models = initModels(db.sequelize);
  const changed = { updatedAt: { [Op.gte]: since } };
  const found = new Map<string, Order>();
  for (let at = 0; at < scope.uids.length; at += UID_BATCH) {
    const where = { ...changed, uid: { [Op.in]: scope.uids.slice(at, at + UID_BATCH) } } as WhereOptions<Order>;
    for (const order of await models.Order.findAll({ where })) found.set(order.uid, order);
  }
  const users = scope.users ?? [];
  for (let at = 0; at < users.length; at += UID_BATCH) {
    const where = { ...changed, userId: { [Op.in]: users.slice(at, at + UID_BATCH) } } as WhereOptions<Order>;
    for (const order of await models.Order.findAll({ where, order: [['updatedAt', 'DESC']], limit: OPERATOR_RESYNC_LIMIT })) found.set(order.uid, order);
  }
  if (scope.operators) {
    const latest = await models.Order.findAll({ where: changed as WhereOptions<Order>, order: [['updatedAt', 'DESC']], limit: OPERATOR_RESYNC_LIMIT });
    for (const order of latest) found.set(order.uid, order);
  }
  const views = await loadOrderViews(models, [...found.values()]);
  return views.map((view) => ({ kind: 'status', order: presentOrder(view), operator: presentOperatorOrder(view) }));
}
