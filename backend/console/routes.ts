import Router from '@koa/router';
import { OPERATOR_ACTIONS, type OperatorAction, type OperatorOrderList } from '../../common/orders';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { Models, Order } from '../models';
import type { OrdersContext } from '../orders/context';
import { runOperatorAction } from '../orders/operatorActions';
import { presentOperatorOrder } from '../orders/presenters';
import { listOperatorOrders } from '../orders/queries';
import { UID_PATTERN } from '../orders/secrets';
import { loadOrderView } from '../orders/view';
import { respond } from '../platform/http/respond';
import { signedInUser } from '../accounts/requireUser';
import { requireStaff, type StaffDeps } from './policy';
import { operatorActionSchema, operatorListSchema } from '../orders/schemas';
import { sendOrderFile } from './files';

async function orderByUid(ctx: AppContext, models: Pick<Models, 'Order'>): Promise<Order> {
  const uid = String(ctx.params.uid ?? '');
  const order = UID_PATTERN.test(uid) ? await models.Order.findOne({ where: { uid } }) : null;
  if (!order) throw new NotFoundError();
  return order;
}

/**
 * The operators' order API under `/operator/orders` (role operator or admin): the list (newest
 * first, 50 a page, `cursor` = the last id seen), one order, its uploaded files, and the actions
 * of the state machine — each recorded with the operator's id and email.
 */
export function operatorRoutes(deps: StaffDeps & { orders: OrdersContext }): Router<AppState> {
  const { orders } = deps;
  const models = orders.models;
  const router = new Router<AppState>({ prefix: '/operator/orders' });
  router.use(...requireStaff(deps));

  router.get('/', validate(operatorListSchema, 'query'), async function listOrders(ctx) {
    const { views, nextCursor } = await listOperatorOrders(models, ctx.state.input);
    const body: OperatorOrderList = { orders: views.map(presentOperatorOrder), nextCursor };
    respond(ctx, body);
  });

  router.get('/:uid', async function getOrder(ctx) {
    respond(ctx, presentOperatorOrder(await loadOrderView(models, await orderByUid(ctx, models))));
  });

  router.get('/:uid/files/:kind', async function getFile(ctx) {
    const order = await orderByUid(ctx, models);
    const kind = ctx.params.kind;
    const key = kind === 'card' ? order.cardPhotoKey : kind === 'receipt' ? order.receiptKey : null;
    if (!key) throw new NotFoundError();
    await sendOrderFile(ctx, orders.uploadDir, key);
  });

  router.post('/:uid/:action', validate(operatorActionSchema), async function operatorAction(ctx) {
    const action = ctx.params.action as OperatorAction;
    if (!OPERATOR_ACTIONS.includes(action)) throw new NotFoundError();
    const order = await orderByUid(ctx, models);
    const input = ctx.state.input;
    const needed = action === 'received' ? 'amount' : action === 'extend' ? 'minutes' : null;
    if (needed && input[needed] === undefined) throw new ValidationError({ [needed]: ctx.state.t('validation.required') });
    const user = signedInUser(ctx);
    const view = await runOperatorAction(orders, action, { order, operator: { id: user.id, email: user.email }, ...input });
    respond(ctx, presentOperatorOrder(view));
  });

  return router;
}
