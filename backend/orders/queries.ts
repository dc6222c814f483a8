/**
 * Reads of orders for the customer's page (REST and `order:join`) and for operators.
 */
import type { Sequelize } from 'sequelize';
import type { OrderDto } from '../../common/orders';
import type { Database } from '../db';
import { initModels, type Order } from '../models';
import { presentOrder } from './presenters';
import { orderSecretMatches, SECRET_PATTERN, UID_PATTERN } from './secrets';
import { loadOrderView } from './view';

/**
 * The order whose uid and secret both match, or null: a wrong secret and a missing order are
 * indistinguishable (same answer, and the hash comparison runs in constant time).
 */
export async function findOrderBySecret(sequelize: Sequelize, uid: string, secret: string): Promise<Order | null> {
  if (typeof uid !== 'string' || typeof secret !== 'string') return null;
  if (!UID_PATTERN.test(uid) || !SECRET_PATTERN.test(secret)) return null;
  const order = await initModels(sequelize).Order.findOne({ where: { uid } });
  if (!order || !orderSecretMatches(order.secretHash, secret)) return null;
  return order;
}

/** The customer's view of an order, or null when the uid or the secret does not match. */
export async function findCustomerOrder(db: Pick<Database, 'sequelize'>, uid: string, secret: string): Promise<OrderDto | null> {
  const order = await findOrderBySecret(db.sequelize, uid, secret);
  if (!order) return null;
  return presentOrder(await loadOrderView(initModels(db.sequelize), order));
}
