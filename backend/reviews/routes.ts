import Router from '@koa/router';
import type { PublicReviewList, ReviewSubmitted, StaffReviewList } from '../../common/customerReviews';
import {
  publicReviewListSchema,
  reviewReplySchema,
  reviewSubmitSchema,
  reviewSummarySchema,
  staffReviewListSchema,
} from '../../common/customerReviews';
import { loadSessionUser, requireUser, signedInUser } from '../accounts/requireUser';
import { requireStaff, staffActor, type StaffDeps } from '../console/policy';
import type { CustomerReview } from '../models';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { CaptchaVerifier } from '../platform/security/captcha';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import { decideReview, replyToReview, submitReview, type ReviewDecision } from './commands';
import type { ReviewsContext } from './context';
import { presentPublicReview, presentReviewableOrder, presentStaffReview } from './presenters';
import { listPublishedReviews, listStaffReviews, reviewableOrders, reviewSummary } from './queries';

/** Reviews a client address may submit per hour. */
export const REVIEW_LIMIT = { points: 5, durationSec: 60 * 60 } as const;

/**
 * `POST /api/reviews` (anyone with a done order: `limit per IP → validate → captcha → command`),
 * `GET /api/reviews` and `GET /api/reviews/summary` (published only), `GET /api/reviews/my-orders`
 * (signed in: the done orders without a review).
 */
export function publicReviewRoutes(deps: StaffDeps & { reviews: ReviewsContext; rateLimits: RateLimits; captcha: CaptchaVerifier }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/reviews' });

  router.get('/', validate(publicReviewListSchema, 'query'), async function listReviews(ctx) {
    const { rows, nextCursor } = await listPublishedReviews(deps.reviews.models, ctx.state.input);
    const body: PublicReviewList = { reviews: rows.map(presentPublicReview), nextCursor };
    respond(ctx, body);
  });

  router.get('/summary', validate(reviewSummarySchema, 'query'), async function summary(ctx) {
    respond(ctx, await reviewSummary(deps.reviews.models, ctx.state.input.lang));
  });

  router.get('/my-orders', requireUser(deps), async function myOrders(ctx) {
    const orders = await reviewableOrders(deps.reviews.models, signedInUser(ctx).id);
    respond(ctx, { orders: orders.map(presentReviewableOrder) });
  });

  router.post('/', deps.rateLimits.rateLimit({ name: 'reviews.submit', ...REVIEW_LIMIT, key: clientIp }), validate(reviewSubmitSchema), async function submit(ctx) {
    const input = ctx.state.input;
    await deps.captcha.verify(input.captcha, { ip: clientIp(ctx), action: 'review' });
    const user = await loadSessionUser(ctx, deps);
    await submitReview(deps.reviews, { input, user });
    const body: ReviewSubmitted = { message: ctx.state.t('customerReviews.submitted') };
    respond(ctx, body, 201);
  });
  return router;
}

/** A review for the console, with its order's uid. */
async function staffView(reviews: ReviewsContext, review: CustomerReview) {
  const order = await reviews.models.Order.findByPk(review.orderId, { attributes: ['uid'] });
  return presentStaffReview(review, order?.uid ?? '');
}

function reviewId(ctx: AppContext): number {
  const id = String(ctx.params.id ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/** `/api/operator/site-reviews` (operators and admins): the list by status, publish, reject, reply. */
export function staffReviewRoutes(deps: StaffDeps & { reviews: ReviewsContext }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/operator/site-reviews' });
  router.use(...requireStaff(deps));

  router.get('/', validate(staffReviewListSchema, 'query'), async function listForStaff(ctx) {
    const { rows, nextCursor, uids } = await listStaffReviews(deps.reviews.models, ctx.state.input);
    const body: StaffReviewList = { reviews: rows.map((row) => presentStaffReview(row, uids.get(row.orderId) ?? '')), nextCursor };
    respond(ctx, body);
  });

  for (const decision of ['publish', 'reject'] as const satisfies readonly ReviewDecision[]) {
    router.post(`/:id/${decision}`, async function decide(ctx) {
      const review = await decideReview(deps.reviews, { actor: staffActor(ctx), ip: ctx.ip, id: reviewId(ctx), decision });
      respond(ctx, await staffView(deps.reviews, review));
    });
  }

  router.post('/:id/reply', validate(reviewReplySchema), async function reply(ctx) {
    const review = await replyToReview(deps.reviews, { actor: staffActor(ctx), ip: ctx.ip, id: reviewId(ctx), input: ctx.state.input });
    respond(ctx, await staffView(deps.reviews, review));
  });
  return router;
}
