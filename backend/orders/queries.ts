/**
 * Reads of orders for the customer's page (REST and `order:join`) and for operators.
 */
import { Op, type Sequelize, type WhereOptions } from 'sequelize';
import type { OrderStatus } from '../../common/enums';
import type { OrderDto } from '../../common/orders';
import type { Database } from '../platform/db';
import { initModels, type Models, type Order } from '../models';
import { presentOrder } from './presenters';
import { orderSecretMatches, SECRET_PATTERN, UID_PATTERN } from './secrets';
import { loadOrderView, loadOrderViews, type OrderView } from './view';

export const OPERATOR_PAGE_SIZE = 50;

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

/** A page of the operators' list: `cursor` is the last id seen, `status` filters. */
export interface OperatorOrdersQuery {
  status?: OrderStatus;
  cursor?: string;
}

/** The operators' list: newest first, OPERATOR_PAGE_SIZE a page, with the cursor of the next page (null on the last). */
export async function listOperatorOrders(
  models: Pick<Models, 'Order' | 'Asset' | 'OrderEvent' | 'PaymentDetail'>,
  query: OperatorOrdersQuery,
): Promise<{ views: OrderView[]; nextCursor: string | null }> {
  const where: WhereOptions = {};
  if (query.status) Object.assign(where, { status: query.status });
  if (query.cursor) Object.assign(where, { id: { [Op.lt]: Number(query.cursor) } });
  const rows = await models.Order.findAll({ where, order: [['id', 'DESC']], limit: OPERATOR_PAGE_SIZE + 1 });
  const page = rows.slice(0, OPERATOR_PAGE_SIZE);
  return {
    views: await loadOrderViews(models, page),
    nextCursor: rows.length > OPERATOR_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
  };
}
