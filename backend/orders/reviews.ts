/**
 * The review queues: card photos (`cardCheck = pending`) and payment receipts (`receiptCheck =
 * pending`) on orders where the status table accepts a decision, oldest upload first; and the
 * decisions — one order change each (changeOrder: version check, history, publication to the
 * operators' room, so every queue updates live) with its audit record in the same transaction.
 * A rejection carries the reason the customer sees (null: the default text of their page) and
 * mails it to them (orderFileRejected, in the order's language, with the order link).
 * A rejected receipt's file is dropped, so the customer may upload a new one.
 */
import { Op, type WhereOptions } from 'sequelize';
import { ruleStatuses, type OrderRuleAction } from '../../common/orderRules';
import { reviewFileUrl, type ReviewDecision, type ReviewItem, type ReviewKind } from '../../common/reviews';
import { changedFields, recordAudit, type AuditActor } from '../audit/record';
import type { Asset, Models, Order } from '../models';
import { presentSide } from './presenters';
import { removeStoredImage } from '../uploads';
import { changeOrder, operatorActor } from './change';
import type { OrdersContext } from './context';
import { orderFileRejectedMail } from './mail';
import { assetsOfOrders, type OrderView } from './view';
import { savingApprovedCard } from '../requisites/fromOrder';
import { cardDecisionPlan, cardWindowMinutes } from './cardReview';

export const REVIEW_PAGE_SIZE = 50;

const RULES: Record<ReviewKind, Record<ReviewDecision, OrderRuleAction>> = {
  card: { approve: 'card-approve', reject: 'card-reject' },
  receipt: { approve: 'receipt-approve', reject: 'receipt-reject' },
};

function uploadedAt(order: Order, kind: ReviewKind): Date {
  return (kind === 'card' ? order.cardPhotoAt : order.receiptAt) ?? order.updatedAt;
}

/** `<ms>_<id>` of the last item seen. */
function parseCursor(cursor: string | undefined): { at: Date; id: number } | null {
  const match = cursor ? /^(\d{1,15})_(\d{1,12})$/.exec(cursor) : null;
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

function presentItem(order: Order, kind: ReviewKind, assets: Map<string, Asset>): ReviewItem {
  return {
    kind,
    uid: order.uid,
    version: order.version,
    status: order.status,
    email: order.email,
    fromCode: order.fromCode,
    toCode: order.toCode,
    from: presentSide(order.fromCode, assets.get(order.fromCode) ?? null),
    to: presentSide(order.toCode, assets.get(order.toCode) ?? null),
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    senderAccount: order.senderAccount,
    uploadedAt: uploadedAt(order, kind).toISOString(),
    fileUrl: reviewFileUrl(order.uid, kind),
  };
}

export async function listReviews(
  models: Pick<Models, 'Order' | 'Asset'>,
  query: { kind: ReviewKind; cursor?: string },
): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const { kind } = query;
  const at = kind === 'card' ? 'cardPhotoAt' : 'receiptAt';
  const where: WhereOptions[] = [
    kind === 'card' ? { cardCheck: 'pending', cardPhotoKey: { [Op.ne]: null } } : { receiptCheck: 'pending', receiptKey: { [Op.ne]: null } },
    { status: [...ruleStatuses(RULES[kind].approve)] },
  ];
  const cursor = parseCursor(query.cursor);
  if (cursor) where.push({ [Op.or]: [{ [at]: { [Op.gt]: cursor.at } }, { [at]: cursor.at, id: { [Op.gt]: cursor.id } }] });
  const rows = await models.Order.findAll({ where: { [Op.and]: where }, order: [[at, 'ASC'], ['id', 'ASC']], limit: REVIEW_PAGE_SIZE + 1 });
  const page = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = page[page.length - 1];
  const assets = await assetsOfOrders(models, page);
  return {
    items: page.map((order) => presentItem(order, kind, assets)),
    nextCursor: rows.length > REVIEW_PAGE_SIZE && last ? `${uploadedAt(last, kind).getTime()}_${last.id}` : null,
  };
}

export interface ReviewDecisionProps {
  order: Order;
  kind: ReviewKind;
  decision: ReviewDecision;
  /** Rejections only; blank or absent: the default text. */
  reason?: string | null;
  actor: AuditActor;
  ip: string | null;
}

/** A receipt's decision (a card's: ./cardReview.ts). */
function receiptDecisionSet(decision: ReviewDecision, reason: string | null): Partial<Order> {
  return decision === 'approve'
    ? { receiptCheck: 'approved', receiptRejectReason: null }
    : { receiptCheck: 'rejected', receiptRejectReason: reason, receiptKey: null, receiptAt: null };
}

/** Approves or rejects the file waiting on an order (409 invalid_transition when none waits). */
export async function decideReview(ctx: OrdersContext, props: ReviewDecisionProps): Promise<OrderView> {
  const { kind, decision, actor } = props;
  const reason = decision === 'reject' ? props.reason?.trim() || null : null;
  let dropped: string | null = null;
  // The card's decision gives the payment window back (./cardReview.ts): its length is read before the writer's turn.
  const windowMinutes = kind === 'card' ? await cardWindowMinutes(ctx, props.order) : 0;
  const view = await changeOrder(ctx, {
    orderId: props.order.id,
    action: RULES[kind][decision],
    actor: operatorActor(actor),
    rule: RULES[kind][decision],
    plan: (order, now) => {
      const card = kind === 'card' ? cardDecisionPlan(ctx, order, decision, reason, now, windowMinutes) : null;
      const set = card ? card.set : receiptDecisionSet(decision, reason);
      if (set.receiptKey === null) dropped = order.receiptKey;
      const fields = Object.keys(set) as (keyof Order)[];
      const before: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, order[field] ?? null]));
      const changed = changedFields(before, set as Record<string, unknown>);
      // An approved card becomes the signed-in owner's verified requisite (backend/requisites).
      const saving = kind === 'card' && decision === 'approve' ? savingApprovedCard(ctx, order, actor.id) : null;
      return {
        set,
        details: reason ? { reason } : null,
        // The customer learns of a rejection by mail too, with the reason their page shows, and of a
        // card's approval with the new deadline (./cardReview.ts); a receipt's approval mails nothing.
        mail: card ? card.mail : decision === 'reject' ? orderFileRejectedMail(ctx, order, kind, reason) : undefined,
        after: saving?.after,
        within: async (transaction) => {
          await saving?.within(transaction);
          await recordAudit(ctx.models, transaction, {
            actor,
            ip: props.ip,
            action: `review.${decision}`,
            target: { type: 'order', id: order.uid },
            before: { kind, ...changed.before },
            after: { kind, ...changed.after },
          });
        },
      };
    },
  });
  if (dropped) await removeStoredImage(ctx.uploadDir, dropped).catch(() => undefined);
  return view;
}
