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
