/**
 * What the presenters need of an order besides its row: both assets, where its customer pays and
 * its history, loaded in three queries (inside the caller's transaction when given).
 */
import { Op, type Transaction } from 'sequelize';
import type { Asset, Models, Order, OrderEvent, PaymentDetail } from '../models';
import { paymentDetailsOfOrders } from './paymentDetails';

export interface OrderView {
  order: Order;
  from: Asset | null;
  to: Asset | null;
  /** Where the customer pays (./paymentDetails.ts: the row the order was given); null when none shows. */
  payTo: PaymentDetail | null;
  events: OrderEvent[];
}

type ViewModels = Pick<Models, 'Asset' | 'OrderEvent' | 'PaymentDetail'>;

/** The view of one order: loadOrderViews of that order alone (inside the caller's transaction when given). */
export async function loadOrderView(models: ViewModels, order: Order, transaction?: Transaction): Promise<OrderView> {
  const [view] = await loadOrderViews(models, [order], transaction);
  return view!;
}

/** The assets of `orders`' sides, by code, in one query (none for no orders). */
export async function assetsOfOrders(models: Pick<Models, 'Asset'>, orders: readonly Pick<Order, 'fromCode' | 'toCode'>[], transaction?: Transaction): Promise<Map<string, Asset>> {
  const codes = [...new Set(orders.flatMap((order) => [order.fromCode, order.toCode]))];
  if (codes.length === 0) return new Map();
  const assets = await models.Asset.findAll({ where: { code: { [Op.in]: codes } }, transaction });
  return new Map(assets.map((asset) => [asset.code, asset]));
}

/** Views of many orders in three queries (the operators' list, and one order's view). */
export async function loadOrderViews(models: ViewModels, orders: Order[], transaction?: Transaction): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const [byCode, payTo, events] = await Promise.all([
    assetsOfOrders(models, orders, transaction),
    paymentDetailsOfOrders(models, orders, transaction),
    models.OrderEvent.findAll({ where: { orderId: { [Op.in]: orders.map((order) => order.id) } }, order: [['id', 'ASC']], transaction }),
  ]);
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
    payTo: payTo.get(order.id) ?? null,
    events: byOrder.get(order.id) ?? [],
  }));
}
