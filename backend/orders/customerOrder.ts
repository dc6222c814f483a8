import { NotFoundError } from '../platform/errors';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import type { Order } from '../models';
import type { OrdersContext } from './context';
import { findOrderBySecret } from './queries';

declare module '../platform/http/types' {
  interface AppState {
    /** The order named by `:uid/:secret`, set by customerOrder(). */
    order?: Order;
  }
}

/** 404 not_found unless `:uid/:secret` name an order (a wrong secret answers like a missing uid). */
export function customerOrder(deps: { orders: OrdersContext }): AppMiddleware {
  return async function customerOrderMiddleware(ctx, next) {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const order = await findOrderBySecret(deps.orders.sequelize, ctx.params.uid, ctx.params.secret);
    if (!order) throw new NotFoundError();
    ctx.state.order = order;
    await next();
  };
}

export function currentOrder(ctx: AppContext): Order {
  if (!ctx.state.order) throw new NotFoundError();
  return ctx.state.order;
}

