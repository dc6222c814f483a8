/**
 * The reviews' writes: a customer's review of a done order (one per order), and the staff's
 * publish, reject and reply (operators and admins, audited `site_review.*`).
 */
import { UniqueConstraintError } from 'sequelize';
import type { ReviewReplyInput, ReviewStatus, ReviewSubmitInput } from '../../common/customerReviews';
import { isDone } from '../../common/orderRules';
import { normalizeEmail } from '../accounts/context';
import { recordAudit, type AuditActor } from '../audit/record';
import type { CustomerReview, User } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { NotFoundError } from '../platform/errors';
import type { ReviewsContext } from './context';
import { OrderNotDone, ReviewExists, ReviewOrderNotFound, ReviewStateConflict } from './errors';

/**
 * The review of the order `input.uid`, pending until staff publish it. The order is found by its
 * uid and e-mail, or by its uid when `user` owns it; otherwise 404 (never saying whether the uid or
 * the e-mail was wrong). Only a done order (409 order_not_done), once (409 review_exists).
 */
export async function submitReview(ctx: ReviewsContext, props: { input: ReviewSubmitInput; user: Pick<User, 'id'> | null }): Promise<CustomerReview> {
  const { input, user } = props;
  const order = await ctx.models.Order.findOne({ where: { uid: input.uid } });
  const byEmail = order !== null && Boolean(input.email) && normalizeEmail(input.email!) === normalizeEmail(order.email);
  const byOwner = order !== null && user !== null && order.userId === user.id;
  if (!order || !(byEmail || byOwner)) throw new ReviewOrderNotFound();
  if (!isDone(order)) throw new OrderNotDone();
  try {
    return await writeTransaction(ctx.sequelize, async (transaction) => {
      const existing = await ctx.models.CustomerReview.findOne({ where: { orderId: order.id }, transaction });
      if (existing) throw new ReviewExists();
      return ctx.models.CustomerReview.create(
        { orderId: order.id, userId: order.userId, name: input.name, rating: input.rating, text: input.text, lang: input.lang, status: 'pending' },
        { transaction },
      );
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ReviewExists({ cause: error });
    throw error;
  }
}

export interface StaffReviewWrite {
  actor: AuditActor;
  ip: string | null;
  id: number;
}

export type ReviewDecision = 'publish' | 'reject';

const DECIDED: Record<ReviewDecision, ReviewStatus> = { publish: 'published', reject: 'rejected' };

/** Publishes or rejects a review (either may be undone by the other); 409 review_state when it is so already. */
export async function decideReview(ctx: ReviewsContext, props: StaffReviewWrite & { decision: ReviewDecision }): Promise<CustomerReview> {
  const status = DECIDED[props.decision];
  return writeTransaction(ctx.sequelize, async (transaction) => {
    const review = await ctx.models.CustomerReview.findByPk(props.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!review) throw new NotFoundError();
    if (review.status === status) throw new ReviewStateConflict();
    const before = review.status;
    await review.update({ status, decidedById: props.actor.id, decidedAt: ctx.now() }, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: `site_review.${props.decision}`,
      target: { type: 'site_review', id: String(review.id) },
      before: { status: before },
      after: { status },
    });
    return review;
  });
}

/** The staff's answer shown under the review (a new one replaces the last). */
export async function replyToReview(ctx: ReviewsContext, props: StaffReviewWrite & { input: ReviewReplyInput }): Promise<CustomerReview> {
  return writeTransaction(ctx.sequelize, async (transaction) => {
    const review = await ctx.models.CustomerReview.findByPk(props.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!review) throw new NotFoundError();
    const before = review.reply;
    await review.update({ reply: props.input.text, repliedById: props.actor.id, repliedAt: ctx.now() }, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'site_review.reply',
      target: { type: 'site_review', id: String(review.id) },
      before: { reply: before },
      after: { reply: props.input.text },
    });
    return review;
  });
}
