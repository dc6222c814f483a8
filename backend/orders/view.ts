/**
 * What the presenters need of an order besides its row: both assets and its history, loaded in
 * two queries (inside the caller's transaction when given).
 */
import { Op, type Transaction } from 'sequelize';
import type { Asset, Models, Order, OrderEvent } from '../models';

export interface OrderView {
  order: Order;
  from: Asset | null;
  to: Asset | null;
  events: OrderEvent[];
}

export async function loadOrderView(
  models: Pick<Models, 'Asset' | 'OrderEvent'>,
  order: Order,
  transaction?: Transaction,
): Promise<OrderView> {
  const [assets, events] = await Promise.all([
    models.Asset.findAll({ where: { code: { [Op.in]: [order.fromCode, order.toCode] } }, transaction }),
    models.OrderEvent.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']], transaction }),
  ]);
  return {
    order,
    from: assets.find((asset) => asset.code === order.fromCode) ?? null,
    to: assets.find((asset) => asset.code === order.toCode) ?? null,
    events,
  };
}

/** Views of many orders in three queries (the operators' list). */
export async function loadOrderViews(models: Pick<Models, 'Asset' | 'OrderEvent'>, orders: Order[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const codes = [...new Set(orders.flatMap((order) => [order.fromCode, order.toCode]))];
  const [assets, events] = await Promise.all([
    models.Asset.findAll({ where: { code: { [Op.in]: codes } } }),
    models.OrderEvent.findAll({ where: { orderId: { [Op.in]: orders.map((order) => order.id) } }, order: [['id', 'ASC']] }),
  ]);
  const byCode = new Map(assets.map((asset) => [asset.code, asset]));
  const byOrder = new Map<number, OrderEvent[]>();
  for (const event of events) {
    const list = byOrder.get(event.orderId) ?? [];
    list.push(event);
    byOrder.set(event.orderId, list);
  }
  return orders.map((order) => ({
    order,
    from: byCode.get(order.fromCode) ?? null,
    to: byCode.get(order.toCode) ?? null,
    events: byOrder.get(order.id) ?? [],
  }));
}
