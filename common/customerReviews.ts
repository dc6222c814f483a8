/**
 * Customers' reviews of the service (backend/reviews): one per done order, shown once staff
 * publish them. Not the console's review queues of card photos and receipts (common/reviews.ts).
 */
import { mixed, number, object, string, type InferType } from 'yup';
import { LANGS, type Lang } from './api';
import { rule, trimmedString, validationMessage } from './validation';

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_NAME_MAX = 64;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;
/** Published reviews per page of `GET /api/reviews`, unless `limit` says fewer. */
export const REVIEW_PAGE_SIZE = 10;
/** Reviews per page of the console's list. */
export const STAFF_REVIEW_PAGE_SIZE = 50;

/** A published review as everyone sees it. */
export interface PublicReviewDto {
  id: number;
  name: string;
  rating: number;
  text: string;
  lang: Lang;
  /** ISO time it was written. */
  createdAt: string;
  /** The staff's answer, shown under the review. */
  reply: { text: string; at: string } | null;
}

/** `GET /api/reviews?lang=&rating=&cursor=&limit=` */
export interface PublicReviewList {
  reviews: PublicReviewDto[];
  nextCursor: string | null;
}

/** `GET /api/reviews/summary`: the published reviews' average (one decimal, a decimal string) and count. */
export interface ReviewSummary {
  average: string | null;
  count: number;
}

/** A review in the console. */
export interface StaffReviewDto extends PublicReviewDto {
  status: ReviewStatus;
  orderUid: string;
  decidedAt: string | null;
}

/** `GET /api/operator/site-reviews?status=&cursor=` */
export interface StaffReviewList {
  reviews: StaffReviewDto[];
  nextCursor: string | null;
}

/** A signed-in customer's done order that has no review yet (`GET /api/reviews/my-orders`). */
export interface ReviewableOrderDto {
  uid: string;
  fromCode: string;
  toCode: string;
  amountSend: string;
  amountReceive: string;
  createdAt: string;
}

/** `POST /api/reviews` answers the translated "Review submitted for validation". */
export interface ReviewSubmitted {
  message: string;
}

const general = validationMessage('general_error');
const required = validationMessage('required');
const cursorField = string().optional().matches(/^\d{1,12}$/, { message: general });

/** The order uid as the order pages show it. */
export const ORDER_UID_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

function textField(max: number) {
  return trimmedString().required(required).min(1, required).max(max, validationMessage('max_length', { max }));
}

/**
 * `POST /api/reviews`: the order by its uid and its e-mail (or, signed in as its owner, the uid
 * alone), the reviewer's name, a rating 1–5, the text and its language.
 */
export const reviewSubmitSchema = object({
  uid: trimmedString().required(required).matches(ORDER_UID_PATTERN, { message: general }),
  /** Left out (or empty) only when signed in as the order's owner. */
  email: trimmedString().optional().test(rule('email')),
  name: textField(REVIEW_NAME_MAX),
  rating: number().typeError(general).required(required).integer(general).min(1, general).max(5, general),
  text: textField(REVIEW_TEXT_MAX),
  lang: mixed<Lang>().required(required).oneOf([...LANGS], general),
  captcha: string().max(4096).nullable().optional(),
});
export type ReviewSubmitInput = InferType<typeof reviewSubmitSchema>;

export const publicReviewListSchema = object({
  lang: mixed<Lang>().optional().oneOf([...LANGS], general),
  rating: number().typeError(general).optional().integer(general).min(1, general).max(5, general),
  cursor: cursorField,
  limit: number().typeError(general).optional().integer(general).min(1, general).max(REVIEW_PAGE_SIZE, general),
});
export type PublicReviewListQuery = InferType<typeof publicReviewListSchema>;

export const reviewSummarySchema = object({
  lang: mixed<Lang>().optional().oneOf([...LANGS], general),
});

export const staffReviewListSchema = object({
  status: mixed<ReviewStatus>().optional().oneOf([...REVIEW_STATUSES], general).default('pending'),
  cursor: cursorField,
});
export type StaffReviewListQuery = InferType<typeof staffReviewListSchema>;

/** `POST /api/operator/site-reviews/{id}/reply` */
export const reviewReplySchema = object({ text: textField(REVIEW_REPLY_MAX) });
export type ReviewReplyInput = InferType<typeof reviewReplySchema>;
