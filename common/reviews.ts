/**
 * The review queues of the operator console (`/operator/reviews`): card photos and payment
 * receipts waiting for a decision, oldest upload first.
 */
import type { OrderStatus } from './enums';
import { MAX_REVIEW_REASON, type OrderSide } from './orders';

export const REVIEW_KINDS = ['card', 'receipt'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export { MAX_REVIEW_REASON };

/** One file waiting for a decision. */
export interface ReviewItem {
  kind: ReviewKind;
  uid: string;
  /** The order's version when listed (a decision answers with the newer order). */
  version: number;
  status: OrderStatus;
  email: string;
  fromCode: string;
  toCode: string;
  /** The sides as the board names them: the amounts are shown in their currencies ("10 000 RUB"). */
  from: OrderSide;
  to: OrderSide;
  amountSend: string;
  amountReceive: string;
  senderAccount: string | null;
  /** When the file was uploaded (ISO). */
  uploadedAt: string;
  /** The file, for staff only: `GET /api/operator/orders/{uid}/files/{kind}`. */
  fileUrl: string;
}

/** `GET /api/operator/reviews?kind=&cursor=` */
export interface ReviewList {
  items: ReviewItem[];
  /** Pass back as `cursor` for the next (newer) page; null at the end. */
  nextCursor: string | null;
}

/** `POST /api/operator/reviews/{kind}/{uid}/{approve|reject}` body: `reason` only on a rejection. */
export interface ReviewDecisionRequest {
  reason?: string;
}

/** Where a review item's file is served to staff. */
export function reviewFileUrl(uid: string, kind: ReviewKind): string {
  return `/api/operator/orders/${uid}/files/${kind}`;
}
