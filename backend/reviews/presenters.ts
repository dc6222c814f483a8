import type { PublicReviewDto, ReviewableOrderDto, StaffReviewDto } from '../../common/customerReviews';
import type { CustomerReview, Order } from '../models';

/** A published review for everyone: no order, no e-mail, no staff names. */
export function presentPublicReview(review: CustomerReview): PublicReviewDto {
  return {
    id: review.id,
    name: review.name,
    rating: review.rating,
    text: review.text,
    lang: review.lang,
    createdAt: review.createdAt.toISOString(),
    reply: review.reply && review.repliedAt ? { text: review.reply, at: review.repliedAt.toISOString() } : null,
  };
}

export function presentStaffReview(review: CustomerReview, orderUid: string): StaffReviewDto {
  return { ...presentPublicReview(review), status: review.status, orderUid, decidedAt: review.decidedAt?.toISOString() ?? null };
}

export function presentReviewableOrder(order: Order): ReviewableOrderDto {
  return {
    uid: order.uid,
    fromCode: order.fromCode,
    toCode: order.toCode,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    createdAt: order.createdAt.toISOString(),
  };
}
