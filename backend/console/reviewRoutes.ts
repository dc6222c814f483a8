import Router from '@koa/router';
import { REVIEW_DECISIONS, REVIEW_KINDS, type ReviewDecision, type ReviewKind, type ReviewList } from '../../common/reviews';
import { NotFoundError } from '../platform/errors';
import type { AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import { respond } from '../platform/http/respond';
import type { OrdersContext } from '../orders/context';
import { presentOperatorOrder } from '../orders/presenters';
import { decideReview, listReviews } from '../orders/reviews';
import { reviewDecisionSchema, reviewListSchema } from '../orders/schemas';
import { UID_PATTERN } from '../orders/secrets';
import { assertMayWork } from './board';
import { requireStaff, staffActor, type StaffDeps } from './policy';
import { kycReviewQueue } from '../kyc/queue';

/**
 * The review queues under `/operator/reviews` (operator or admin): `GET ?kind=card|receipt|kyc&cursor=`
 * (oldest upload first) and `POST /{kind}/{uid}/approve|reject` `{reason?}` — answering the order
 * as operators see it. An order another operator claimed is theirs to decide (board.ts assertMayWork). Files stay at the staff-only `GET /operator/orders/{uid}/files/{kind}`.
 */
export function reviewRoutes(deps: StaffDeps & { orders: OrdersContext }): Router<AppState> {
  const { orders } = deps;
  const router = new Router<AppState>({ prefix: '/operator/reviews' });
  router.use(...requireStaff(deps));

  // `kind=kyc`: the identity-verification queue (backend/kyc/queue.ts); the order files' queues below.
  router.get('/', kycReviewQueue(orders), validate(reviewListSchema, 'query'), async function listReviewQueue(ctx) {
    const body: ReviewList = await listReviews(orders.models, ctx.state.input);
    respond(ctx, body);
  });

  router.post('/:kind/:uid/:decision', validate(reviewDecisionSchema), async function decide(ctx) {
    const kind = ctx.params.kind as ReviewKind;
    const decision = ctx.params.decision as ReviewDecision;
    const uid = String(ctx.params.uid ?? '');
    if (!REVIEW_KINDS.includes(kind) || !REVIEW_DECISIONS.includes(decision) || !UID_PATTERN.test(uid)) throw new NotFoundError();
    const order = await orders.models.Order.findOne({ where: { uid } });
    if (!order) throw new NotFoundError();
    // As on the board: an order another operator claimed is theirs to decide (409 order_claimed; admins pass).
    await assertMayWork(orders.models, order, staffActor(ctx));
    const view = await decideReview(orders, {
      order,
      kind,
      decision,
      reason: ctx.state.input.reason ?? null,
      actor: staffActor(ctx),
      ip: ctx.ip,
    });
    respond(ctx, presentOperatorOrder(view));
  });

  return router;
}
