/**
 * One change of an order, the way every command makes it: inside a transaction, the fresh row is
 * read, the command's plan decides (or refuses), a conditional update on (id, version) writes it
 * with version + 1 — a concurrent change that got there first makes it fail with 409, never a
 * double change — the history row is added, and only after the commit the change is published
 * on the KV (every web process forwards it to the order's room and to operators) and, when the
 * status moved, the customer is emailed (awaited before the command returns, so the caller's
 * answer follows the notification, but outside the transaction and the SQLite writer's turn) and,
 * for an order made through the partner API, its webhook is written with the change and sent.
 */
import { literal, type Transaction, type WhereOptions } from 'sequelize';
import type { OrderStatus } from '../../common/enums';
import type { OrderRuleAction } from '../../common/orderRules';
import type { OrderActor } from '../../common/orders';
import { NotFoundError } from '../platform/errors';
import type { Order, OrderMail } from '../models';
import { planAllowed } from './allowed';
import type { OrdersContext } from './context';
import { InvalidTransition } from './errors';
import { publishOrderChange } from './events';
import { deliverOrderMails, orderStatusMail, queueOrderMail, type OrderMailContent } from './mail';
import { presentOperatorOrder, presentOrder } from './presenters';
import { writeTransaction } from '../platform/db/transaction';
import { recordAudit, type AuditActor } from '../audit/record';
import { loadOrderView, type OrderView } from './view';
import { enqueueAlert } from '../alerts';
import { orderAlert } from './alerts';
import { deliverWebhooks, enqueueOrderWebhook, type WebhookOutbox } from '../partnerApi/webhooks';

export interface ActorInfo {
  actor: OrderActor;
  userId: number | null;
  /** The operator's email. */
  name: string | null;
}

export const CUSTOMER: ActorInfo = { actor: 'customer', userId: null, name: null };
export const SYSTEM: ActorInfo = { actor: 'system', userId: null, name: null };

export function operatorActor(user: { id: number; email: string }): ActorInfo {
  return { actor: 'operator', userId: user.id, name: user.email };
}

type OrderValues = Partial<Pick<Order, Exclude<keyof Order, 'id' | 'uid' | 'version' | 'createdAt' | 'updatedAt'>>> & Record<string, unknown>;

export interface OrderPlan {
  /** The attributes to write (with `status` when it moves). */
  set: OrderValues;
  details?: Record<string, string> | null;
  /** `recalc` when amounts were recalculated. */
  kind?: 'status' | 'recalc';
  /**
   * A guard used instead of the version check (with the version still incremented), and the
   * error to answer when it no longer holds — e.g. `receiptKey IS NULL` for the one receipt.
   */
  guard?: { where: WhereOptions; lost: () => Error };
  /** More work in the same transaction after the order row was written (the reserve). */
  within?: (transaction: Transaction) => Promise<void>;
  /** More work after the commit (the catalogue-changed notice). */
  after?: () => Promise<void>;
  /** The customer's mail instead of the status mail a status move sends (null: none). */
  mail?: OrderMailContent | null;
}

export interface ChangeOrderProps {
  /** The order's id (the row is read again inside the transaction). */
  orderId: number;
  action: string;
  actor: ActorInfo;
  /**
   * The row of the status table (common/orderRules.ts) that decides whether the change may happen;
   * several rows: each must allow it, the last one says where it goes.
   */
  rule: OrderRuleAction | readonly OrderRuleAction[];
  /** The change, built only once the table allows it; `to` is the first status the table allows. */
  plan: (order: Order, now: Date, to: OrderStatus) => OrderPlan | Promise<OrderPlan>;
  /** Staff changes: an audit record `order.<action>` with the status before and after, in the same transaction. */
  audit?: { actor: AuditActor; ip?: string | null };
}

export async function changeOrder(ctx: OrdersContext, props: ChangeOrderProps): Promise<OrderView> {
  const { Order: Orders, OrderEvent } = ctx.models;
  const now = ctx.now();
  let announce: (() => Promise<void>) | undefined;
  const view = await writeTransaction(ctx.sequelize, async (transaction) => {
    const order = await Orders.findByPk(props.orderId, { transaction });
    if (!order) throw new NotFoundError();
    const plan = await planAllowed(order, props.rule, now, (to) => props.plan(order, now, to));
    const fromStatus = order.status;
    const where = plan.guard ? { id: order.id, ...plan.guard.where } : { id: order.id, version: order.version };
    const [count] = await Orders.update(
      { ...plan.set, version: plan.guard ? literal('version + 1') : order.version + 1 } as never,
      { where, transaction },
    );
    if (count !== 1) throw plan.guard ? plan.guard.lost() : new InvalidTransition();
    await plan.within?.(transaction);
    await order.reload({ transaction });
    await OrderEvent.create(
      {
        orderId: order.id,
        action: props.action,
        fromStatus,
        toStatus: order.status,
        actor: props.actor.actor,
        actorUserId: props.actor.userId,
        actorName: props.actor.name,
        details: plan.details ?? null,
      },
      { transaction },
    );
    if (props.audit) {
      await recordAudit(ctx.models, transaction, {
        actor: props.audit.actor,
        ip: props.audit.ip ?? null,
        action: `order.${props.action}`,
        target: { type: 'order', id: order.uid },
        before: { status: fromStatus },
        after: { status: order.status, ...(plan.details ?? {}) },
      });
    }
    // The customer's mail is written with the change: it is sent after the commit, or later by the worker.
    const content = plan.mail !== undefined ? plan.mail : fromStatus !== order.status ? orderStatusMail(ctx, order) : null;
    const mails = content ? [await queueOrderMail(ctx, transaction, order, content)] : [];
    // The staff's alert (Telegram), when the action is one they wait for: sent by the worker.
    const alert = orderAlert(order, props.action);
    if (alert) await enqueueAlert(ctx.alerts, transaction, alert);
    const changed = await loadOrderView(ctx.models, order, transaction);
    // The partner's webhook (an API order whose status moved), sent after the commit or by the worker.
    const webhook = fromStatus !== order.status ? await enqueueOrderWebhook(ctx.webhooks, transaction, changed) : null;
    announce = () => announceOrderChange(ctx, changed, { kind: plan.kind ?? 'status', mails, webhooks: webhook ? [webhook] : [], after: plan.after });
    return changed;
  });
  // Committed (the transaction resolved): publish and mail now, outside the SQLite writer's turn.
  await announce?.();
  return view;
}

/** Publishes a committed change and hands its mails (and webhooks) to their queues; failures are logged. */
export async function announceOrderChange(
  ctx: OrdersContext,
  view: OrderView,
  options: { kind: 'status' | 'recalc'; mails: readonly OrderMail[]; webhooks?: readonly WebhookOutbox[]; after?: () => Promise<void>; priority?: boolean; newOrder?: boolean },
): Promise<void> {
  const uid = view.order.uid;
  try {
    const message = { kind: options.kind, order: presentOrder(view), operator: presentOperatorOrder(view) };
    await publishOrderChange(ctx.kv, options.priority === undefined ? message : { ...message, priority: options.priority });
  } catch (error) {
    ctx.logger.error({ err: error, uid }, 'order change not published');
  }
  deliverOrderMails(ctx, view.order, options.mails, { newOrder: options.newOrder });
  deliverWebhooks(ctx.webhooks, options.webhooks ?? []);
  try {
    await options.after?.();
  } catch (error) {
    ctx.logger.error({ err: error, uid }, 'order after-commit work failed');
  }
}
