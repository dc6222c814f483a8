/**
 * The customer's emails about an order, in the order's language: on creation (with the link to
 * the order page; one "created and being checked" mail for an order the blacklist holds at once)
 * on every status change (the status's name and the link), and when staff reject the card photo
 * or the receipt (which, why, and the link). The link holds
 * the secret, opened from its sealed copy when the mail is sent.
 *
 * An outbox (table `order_mails`, migration 0005): the mail is written in the transaction of the
 * change it tells about (`queueOrderMail`), claimed by the process making the change. After the
 * commit that process hands it to its mail queue and returns (`deliverOrderMails`): the
 * request never waits for rendering or SMTP. The queue (platform/outbox/delivery.ts, shared with
 * the other outboxes: claim, retry and give-up rules, the shutdown drain) sends one mail at a time
 * per mailer, in the order they were queued. A mail not sent — SMTP refused it or was down, the process died before
 * sending — stays in the table and the worker's orders job sends it (`sweepOrderMails`): after
 * a failure with a growing delay (1 min, 2, 4… at most 1 h) until MAIL_MAX_ATTEMPTS, after a
 * crash once the claim (MAIL_LOCK_MS) has lapsed. A final refusal (SMTP 5xx, a link sealed under
 * a key no longer configured, the order gone) is given up at once. A mail never overtakes an earlier unsent mail
 * of the same order. `settleOrderMails` waits for everything queued so far (tests, benches);
 * `drainOrderMails` (shutdown) waits until a deadline and leaves the rest to the worker.
 */
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { orderPath } from '../../common/orders';
import type { ReviewKind } from '../../common/reviews';
import type { MailTemplate, MailVars } from '../platform/mail';
import type { Asset, Order, OrderMail } from '../models';
import { assetName } from '../../common/catalogue';
import { formatMoney } from '../../common/money';
import { openWithAny, seal } from '../platform/security/secretBox';
import type { OrdersContext } from './context';
import {
  attemptDelivery,
  drainMails,
  dueMails,
  enqueueMail,
  MAIL_LOCK_MS,
  MAIL_SWEEP_BATCH,
  outboxTableOf,
  PermanentMailError,
  settleMails,
  updateMails,
  waitBehindEarlier,
  type MailAttempt,
  type OutboxTable,
} from '../platform/outbox/delivery';

export { MAIL_DRAIN_MS, MAIL_LOCK_MS, MAIL_MAX_ATTEMPTS, MAIL_SWEEP_BATCH, mailRetryDelayMs, dueMails, type MailAttempt } from '../platform/outbox/delivery';

export function secretContext(uid: string): string {
  return `order:${uid}:secret`;
}

export function sealOrderSecret(ctx: Pick<OrdersContext, 'secretKeys'>, uid: string, secret: string): string {
  return seal(secret, ctx.secretKeys[0]!, { context: secretContext(uid) });
}

export function openOrderSecret(ctx: Pick<OrdersContext, 'secretKeys'>, order: Pick<Order, 'uid' | 'secretSealed'>): string {
  return openWithAny(order.secretSealed, ctx.secretKeys, { context: secretContext(order.uid) }).plaintext;
}

/** A mail to write: what it says is taken at the change, not when it is sent. */
export interface OrderMailContent {
  template: MailTemplate;
  vars: MailVars;
}

/** An order's side as its mails name it: the asset's currency and its name in the order's language. */
type MailSide = Pick<Asset, 'currency' | 'name' | 'nameRu'>;

/**
 * The creation mail. An order the blacklist holds at once gets this one mail, `orderCreatedHeld`
 * (created and being checked, no payment deadline), instead of "created" then "on hold". The
 * amounts read as the order page shows them ("350 000 RUB"), each side by its name in the order's
 * language ("Sberbank"), not by the catalogue's code ("SBERRUB").
 */
export function orderCreatedMail(order: Order, sides: { from: MailSide; to: MailSide }, options: { held?: boolean } = {}): OrderMailContent {
  const amounts = {
    amountSend: formatMoney(order.amountSend, sides.from.currency),
    from: assetName(sides.from, order.lang),
    amountReceive: formatMoney(order.amountReceive, sides.to.currency),
    to: assetName(sides.to, order.lang),
  };
  if (options.held) return { template: 'orderCreatedHeld', vars: amounts };
  // A card checked first: the deadline is the photo's; paying waits for the check (orders/cardReview.ts).
  const template = order.cardCheck === 'required' ? 'orderCreatedCard' : 'orderCreated';
  return { template, vars: { ...amounts, time: order.expiresAt?.toISOString() } };
}

export function orderStatusMail(ctx: Pick<OrdersContext, 'i18n'>, order: Order): OrderMailContent {
  const t = ctx.i18n.translator(order.lang);
  return { template: 'orderStatus', vars: { status: t(`mail.orderStatuses.${order.status}`) } };
}

/** Staff verified the card: the customer may pay now, until the deadline the decision gave (orders/cardReview.ts). */
export function orderCardApprovedMail(expiresAt: Date): OrderMailContent {
  return { template: 'orderCardApproved', vars: { time: expiresAt.toISOString() } };
}

/** Staff rejected the card photo or the receipt: which one and why (null: the default words), in the order's language. */
export function orderFileRejectedMail(ctx: Pick<OrdersContext, 'i18n'>, order: Order, kind: ReviewKind, reason: string | null): OrderMailContent {
  const t = ctx.i18n.translator(order.lang);
  return {
    template: 'orderFileRejected',
    vars: { file: t(`mail.orderFileRejected.files.${kind}`), reason: reason ?? t('mail.orderFileRejected.defaultReason') },
  };
}

/** Inside the change's transaction: writes the mail, claimed by this process for the send after the commit. */
export function queueOrderMail(ctx: OrdersContext, transaction: Transaction, order: Order, content: OrderMailContent): Promise<OrderMail> {
  const now = ctx.now();
  return ctx.models.OrderMail.create(
    { orderId: order.id, template: content.template, vars: content.vars, nextAttemptAt: now, lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS) },
    { transaction },
  );
}

/** Resolves once every mail queued so far on this context's mailer (or, without one, in this process) is sent or failed. */
export function settleOrderMails(ctx?: Pick<OrdersContext, 'mailer'>): Promise<void> {
  return settleMails(ctx?.mailer);
}

/** Shutdown: the drain of every outbox (platform/outbox/delivery.ts `drainMails`). */
export const drainOrderMails = drainMails;

/** The `order_mails` table as platform/outbox/delivery.ts works on it, one object per context (the drain groups by it). */
function orderMailTable(ctx: OrdersContext): OutboxTable {
  return outboxTableOf(ctx, () => ({
    sequelize: ctx.sequelize,
    model: ctx.models.OrderMail as unknown as OutboxTable['model'],
    logger: ctx.logger,
    now: ctx.now,
    label: 'order email',
    describe: (mail) => ({ orderId: (mail as OrderMail).orderId }),
  }));
}

/** What a mail needs of its order (none of it changes after creation). */
type MailOrder = Pick<Order, 'id' | 'uid' | 'email' | 'lang' | 'secretSealed'>;

/**
 * After the commit: sends the mails this process wrote and claimed for `order`, in its queue; returns at once.
 * `newOrder`: written with the order itself, the first of them has no earlier mail to wait behind (no read for it).
 */
export function deliverOrderMails(ctx: OrdersContext, order: MailOrder, mails: readonly OrderMail[], options: { newOrder?: boolean } = {}): void {
  mails.forEach((mail, index) => {
    const first = options.newOrder === true && index === 0;
    enqueueMail(ctx.mailer, orderMailTable(ctx), mail.id, () => attemptOrderMail(ctx, mail, true, order, first));
  });
}

/**
 * One attempt at one mail. `wroteIt`: this process wrote it and holds the claim (while it lasts);
 * otherwise it is claimed here with a conditional update, and a process that got it first wins ('taken').
 * `known`: the order, when the caller holds it (else it is read). `first`: the order's first mail (nothing to wait behind).
 * A mail behind an earlier unsent mail of its order waits ('waiting'): it is due again when that
 * one is (or in WAIT_BEHIND_MS when that one is being sent now).
 */
export async function attemptOrderMail(ctx: OrdersContext, mail: OrderMail, wroteIt: boolean, known?: MailOrder, first = false): Promise<MailAttempt> {
  const { Order: Orders } = ctx.models;
  const table = orderMailTable(ctx);
  if (!first && (await waitBehindEarlier(table, mail, { orderId: mail.orderId }))) return 'waiting';
  return attemptDelivery(table, mail, wroteIt, async () => {
    const order = known ?? (await Orders.findByPk(mail.orderId, { attributes: ['id', 'uid', 'email', 'lang', 'secretSealed'] }));
    if (!order) throw new PermanentMailError('the order is gone');
    let link: string;
    try {
      link = orderPath(order.uid, openOrderSecret(ctx, order));
    } catch (error) {
      // Sealed under a key this deployment no longer has: no retry will open it.
      throw new PermanentMailError(`the order link cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
    await ctx.mailer.send({ to: order.email, lang: order.lang, template: mail.template, vars: { uid: order.uid, link, ...mail.vars } });
  });
}

/**
 * The worker's pass: the mails due now (not sent, not given up, their retry time reached and no
 * live claim), oldest first, at most `limit`, each attempted in turn. Returns how each went.
 */
export async function sweepOrderMails(ctx: OrdersContext, limit = MAIL_SWEEP_BATCH): Promise<Record<MailAttempt, number>> {
  const counts: Record<MailAttempt, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, taken: 0 };
  const mails = await ctx.models.OrderMail.findAll({ where: dueMails(ctx.now()), order: [['id', 'ASC']], limit });
  for (const mail of mails) counts[await attemptOrderMail(ctx, mail, false)] += 1;
  return counts;
}
