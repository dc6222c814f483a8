import Router from '@koa/router';
import type { Next } from 'koa';
import type { KV } from '../platform/kv/types';
import { MaintenanceError } from '../platform/errors';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { Models } from '../models';
import type { OrdersContext } from './context';
import { createOrder } from './createOrder';
import { cancelOrder, confirmOrder, markOrderPaid, setRefundAddress } from './customerActions';
import { presentOrder } from './presenters';
import { loadOrderView } from './view';
import type { RateLimits } from '../platform/security/rateLimit';
import { respond } from '../platform/http/respond';
import { loadSessionUser } from '../accounts/requireUser';
import { currentOrder, customerOrder } from './customerOrder';
import { createdOrderLimits, orderLimit } from './limits';
import { createOrderSchema, refundAddressSchema } from './schemas';
import { orderUploadRoutes } from './uploadRoutes';

export interface OrderRoutesDeps {
  orders: OrdersContext;
  kv: KV;
  models: Pick<Models, 'User'>;
  rateLimits: RateLimits;
  /** Technical maintenance (system/maintenance.ts): new orders are refused while it is on. */
  maintenance: { isOn(): Promise<boolean> };
}

/**
 * The customer's order API: `POST /orders` (refused with 503 maintenance while maintenance is on; limited
 * per IP and per mailed address, ./limits.ts),
 * `GET /orders/:uid/:secret` and `POST /orders/:uid/:secret/{confirm,paid,cancel,refund-address}`;
 * the uploads (card-photo, receipt) in ./uploads.ts.
 */
export function orderRoutes(deps: OrderRoutesDeps): Router<AppState> {
  const { orders } = deps;
  const router = new Router<AppState>({ prefix: '/orders' });
  const limitCreate = orderLimit(deps.rateLimits, 'create');
  const limitAction = orderLimit(deps.rateLimits, 'action');
  const findOrder = customerOrder({ orders });

  router.post(
    '/',
    async function refuseInMaintenance(_ctx: AppContext, next: Next) {
      if (await deps.maintenance.isOn()) throw new MaintenanceError();
      await next();
    },
    limitCreate,
    validate(createOrderSchema),
    createdOrderLimits(deps.rateLimits),
    async function create(ctx) {
      ctx.set('Cache-Control', 'no-store');
      const user = await loadSessionUser(ctx, { kv: deps.kv, models: deps.models });
      const request = ctx.state.input;
      const mailCreated = ctx.state.mailCreated;
      respond(ctx, await createOrder(orders, { request, user, lang: ctx.state.lang, t: ctx.state.t, mailCreated, ip: ctx.ip }), 201);
    },
  );

  router.get('/:uid/:secret', limitAction, findOrder, async function getOrder(ctx) {
    respond(ctx, presentOrder(await loadOrderView(orders.models, currentOrder(ctx))));
  });

  const actions = { confirm: confirmOrder, paid: markOrderPaid, cancel: cancelOrder } as const;
  for (const [action, command] of Object.entries(actions)) {
    router.post(`/:uid/:secret/${action}`, limitAction, findOrder, async function customerAction(ctx) {
      respond(ctx, presentOrder(await command(orders, { order: currentOrder(ctx) })));
    });
  }

  router.post('/:uid/:secret/refund-address', limitAction, findOrder, validate(refundAddressSchema), async function refundAddress(ctx) {
    const { address } = ctx.state.input;
    respond(ctx, presentOrder(await setRefundAddress(orders, { order: currentOrder(ctx), address: address.trim(), ip: ctx.ip, t: ctx.state.t })));
  });

  const uploads = orderUploadRoutes({ orders, findOrder, limit: limitAction });
  router.use(uploads.routes());
  return router;
}
