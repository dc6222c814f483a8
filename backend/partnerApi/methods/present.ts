/** The partner API's view of an order of the key's owner, and the lookup of one by uid (only theirs). */
import { orderPath } from '../../../common/orders';
import type { PartnerOrderDto } from '../../../common/partnerApi';
import type { Order } from '../../models';
import type { OrdersContext } from '../../orders/context';
import { openOrderSecret } from '../../orders/mail';
import { presentOrder } from '../../orders/presenters';
import { loadOrderView, type OrderView } from '../../orders/view';
import { partnerError } from '../errorMap';

export function presentPartnerOrder(ctx: Pick<OrdersContext, 'secretKeys'>, view: OrderView): PartnerOrderDto {
  const { order } = view;
  return {
    uid: order.uid,
    url: orderPath(order.uid, openOrderSecret(ctx, order)),
    externalId: order.externalId ?? null,
    callbackUrl: order.callbackUrl ?? null,
    order: presentOrder(view),
  };
}

/** The owner's order `uid`; another user's (or none) answers order_not_found, never telling which. */
export async function ownOrder(ctx: Pick<OrdersContext, 'models'>, userId: number, uid: string): Promise<Order> {
  const order = await ctx.models.Order.findOne({ where: { uid, userId } });
  if (!order || order.userId !== userId) throw partnerError('order_not_found');
  return order;
}

export async function loadPartnerOrder(ctx: OrdersContext, order: Order): Promise<PartnerOrderDto> {
  return presentPartnerOrder(ctx, await loadOrderView(ctx.models, order));
}
