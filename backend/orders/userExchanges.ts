/**
 * The signed-in user's exchange history (common/userExchanges.ts): their orders (orders.userId),
 * newest first, a page at a time, and the order page's link of one of them. Only the owner's
 * orders are ever read: every query is scoped by the user's id, and another user's order answers
 * like a missing one.
 */
import { Op, type WhereOptions } from 'sequelize';
import type { OrderStatus } from '../../common/enums';
import type { OrderDto } from '../../common/orders';
import { orderPath } from '../../common/orders';
import { HISTORY_FILTER_STATUSES, USER_EXCHANGES_PAGE_SIZE, type HistoryFilter, type UserExchangeDto, type UserExchangeList } from '../../common/userExchanges';
import { NotFoundError } from '../platform/errors';
import type { Models, Order } from '../models';
import type { OrdersContext } from './context';
import { openOrderSecret } from './mail';
import { presentOperatorSummary } from './presenters';
import { assetsOfOrders } from './view';

/** A row of the history: a whitelist of the customer's view (no accounts, no email, no secret). */
export function presentUserExchange(order: Pick<OrderDto, 'uid' | 'version' | 'status' | 'deleteReason' | 'from' | 'to' | 'rateType' | 'amountSend' | 'amountReceive' | 'receivedAmount' | 'createdAt'>): UserExchangeDto {
  const side = ({ code, name, nameRu, currency, precision }: OrderDto['from']) => ({ code, name, nameRu, currency, precision });
  return {
    uid: order.uid,
    version: order.version,
    status: order.status,
    deleteReason: order.deleteReason,
    from: side(order.from),
    to: side(order.to),
    rateType: order.rateType,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    receivedAmount: order.receivedAmount,
    createdAt: order.createdAt,
  };
}

/**
 * The user's orders under `filter`, older than `cursor` (an order id), newest first. Ids only go
 * down, so an order created while the user pages never shifts a page: it is newer than the first
 * page's cursor and shows on a fresh first page (or live), never twice and never in place of one.
 */
export async function listUserExchanges(
  models: Pick<Models, 'Order' | 'Asset'>,
  userId: number,
  query: UserExchangeQuery,
  limit = USER_EXCHANGES_PAGE_SIZE,
): Promise<UserExchangeList> {
  const { rows, nextCursor } = await findUserExchanges(models, userId, query, limit);
  return { rows, nextCursor };
}

export interface UserExchangeQuery {
  status?: HistoryFilter;
  cursor?: string;
  /** Exactly these statuses (the partner API's filter). */
  statuses?: readonly OrderStatus[];
  /** Created at or after / before (the partner API's dates). */
  createdFrom?: Date;
  createdBefore?: Date;
}

/** listUserExchanges with the page's rows as well (`orders[i]` is `rows[i]`). */
export async function findUserExchanges(
  models: Pick<Models, 'Order' | 'Asset'>,
  userId: number,
  query: UserExchangeQuery,
  limit = USER_EXCHANGES_PAGE_SIZE,
): Promise<UserExchangeList & { orders: Order[] }> {
  const where: WhereOptions<Order>[] = [{ userId }];
  const filter = query.status ?? 'all';
  if (filter !== 'all') where.push({ status: { [Op.in]: [...HISTORY_FILTER_STATUSES[filter]] } });
  if (query.statuses) where.push({ status: { [Op.in]: [...query.statuses] } });
  if (query.createdFrom) where.push({ createdAt: { [Op.gte]: query.createdFrom } });
  if (query.createdBefore) where.push({ createdAt: { [Op.lt]: query.createdBefore } });
  if (query.cursor) where.push({ id: { [Op.lt]: Number(query.cursor) } });
  const found = await models.Order.findAll({ where: { [Op.and]: where }, order: [['id', 'DESC']], limit: limit + 1 });
  const page = found.slice(0, limit);
  const byCode = await assetsOfOrders(models, page);
  const rows = page.map((order) => presentUserExchange(presentOperatorSummary(order, byCode.get(order.fromCode) ?? null, byCode.get(order.toCode) ?? null)));
  return { rows, orders: page, nextCursor: found.length > limit ? String(page[page.length - 1]!.id) : null };
}

/**
 * The order page's address of the user's order `uid`: its secret opened from the sealed copy.
 * 404 not_found unless the order is this user's (another user's order answers like a missing one).
 */
export async function userExchangeLink(ctx: Pick<OrdersContext, 'models' | 'secretKeys'>, userId: number, uid: string): Promise<string> {
  const order = await ctx.models.Order.findOne({ where: { uid, userId }, attributes: ['id', 'uid', 'userId', 'secretSealed'] });
  if (!order || order.userId !== userId) throw new NotFoundError();
  return orderPath(order.uid, openOrderSecret(ctx, order));
}
