import Router from '@koa/router';
import { ADMIN_OPERATOR_ACTIONS, OPERATOR_ACTIONS, type OperatorAction } from '../../common/orders';
import { BOARD_FILE_KINDS, BOARD_PAGE_SIZE, type BoardFileKind } from '../../common/board';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { Models, Order } from '../models';
import type { OrdersContext } from '../orders/context';
import { runOperatorAction } from '../orders/operatorActions';
import { presentOperatorOrder } from '../orders/presenters';
import { UID_PATTERN } from '../orders/secrets';
import { respond } from '../platform/http/respond';
import { signedInUser } from '../accounts/requireUser';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from './policy';
import { operatorActionSchema } from '../orders/schemas';
import { ForbiddenError } from '../platform/errors';
import {
  addNote,
  boardDrawer,
  claimOrder,
  escalateOrder,
  fileLinkValid,
  assertMayWork,
  findBoardOrders,
  listNotes,
  markSeen,
  boardPage,
  boardRow,
  reassignOrder,
  releaseOrder,
  type BoardCaller,
  type BoardQuery,
} from './board';
import { boardEscalateSchema, boardListSchema, boardNoteSchema, boardReassignSchema } from './boardSchemas';
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

  const caller = (ctx: AppContext): BoardCaller => ({ ...staffActor(ctx), ip: ctx.ip });

  // The board (common/board.ts): filtered list, drawer, claims, notes, escalation, signed file links.
  router.get('/', validate(boardListSchema, 'query'), async function listOrders(ctx) {
    const me = signedInUser(ctx).id;
    const { rows, more } = await findBoardOrders(models, ctx.state.input as BoardQuery, me, BOARD_PAGE_SIZE, 'list');
    respond(ctx, boardPage(rows, more));
  });

  router.get('/:uid', async function getOrder(ctx) {
    respond(ctx, await boardDrawer(orders, await orderByUid(ctx, models), signedInUser(ctx).id));
  });

  router.post('/:uid/claim', async function claim(ctx) {
    respond(ctx, await claimOrder(orders, (await orderByUid(ctx, models)).id, caller(ctx)));
  });

  router.post('/:uid/release', async function release(ctx) {
    respond(ctx, await releaseOrder(orders, (await orderByUid(ctx, models)).id, caller(ctx)));
  });

  router.post('/:uid/reassign', ...requireStaff(deps, ADMIN_ROLES), validate(boardReassignSchema), async function reassign(ctx) {
    const order = await orderByUid(ctx, models);
    const invalid = () => new ValidationError({ userId: ctx.state.t('validation.general_error') });
    respond(ctx, await reassignOrder(orders, order.id, ctx.state.input.userId, caller(ctx), invalid));
  });

  router.post('/:uid/seen', async function seen(ctx) {
    respond(ctx, await markSeen(orders, await orderByUid(ctx, models), caller(ctx)));
  });

  router.get('/:uid/notes', async function notes(ctx) {
    respond(ctx, { notes: await listNotes(orders, await orderByUid(ctx, models)) });
  });

  router.post('/:uid/notes', validate(boardNoteSchema), async function note(ctx) {
    respond(ctx, await addNote(orders, await orderByUid(ctx, models), ctx.state.input.text, caller(ctx)));
  });

  router.post('/:uid/escalate', validate(boardEscalateSchema), async function escalate(ctx) {
    respond(ctx, await escalateOrder(orders, (await orderByUid(ctx, models)).id, ctx.state.input.reason, caller(ctx)));
  });

  router.get('/:uid/signed/:kind', async function signedFile(ctx) {
    const order = await orderByUid(ctx, models);
    const kind = ctx.params.kind as BoardFileKind;
    if (!BOARD_FILE_KINDS.includes(kind)) throw new NotFoundError();
    if (!fileLinkValid(orders.secretKeys, order.uid, kind, ctx.query.expires, ctx.query.sig, orders.now())) throw new ForbiddenError();
    const key = kind === 'card' ? order.cardPhotoKey : order.receiptKey;
    if (!key) throw new NotFoundError();
    await sendOrderFile(ctx, orders.uploadDir, key);
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
    const user = signedInUser(ctx);
    // Admin-only actions (reverse), checked like the reassign route's ADMIN_ROLES.
    if (ADMIN_OPERATOR_ACTIONS.includes(action) && !(ADMIN_ROLES as readonly string[]).includes(user.role)) throw new ForbiddenError();
    const needed = action === 'received' ? 'amount' : action === 'extend' ? 'minutes' : action === 'reverse' ? 'reason' : null;
    if (needed && (input[needed] === undefined || input[needed] === '')) throw new ValidationError({ [needed]: ctx.state.t('validation.required') });
    await assertMayWork(models, order, user);
    const view = await runOperatorAction(orders, action, { order, operator: { id: user.id, email: user.email, role: user.role }, ip: ctx.ip, t: ctx.state.t, ...input });
    respond(ctx, presentOperatorOrder(view));
  });

  return router;
}
