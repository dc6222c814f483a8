/**
 * The customer's emails about an order, in the order's language: on creation (with the link to
 * the order page) and on every status change (the status's name and the link). The link holds
 * the secret, opened from its sealed copy when the mail is sent.
 *
 * An outbox (table `order_mails`, migration 0005): the mail is written in the transaction of the
 * change it tells about (`queueOrderMail`), claimed by the process making the change. After the
 * commit that process hands it to its order mail queue and returns (`deliverOrderMails`): the
 * request never waits for rendering or SMTP. The queue sends one mail at a time per mailer, in the
 * order they were queued. A mail not sent — SMTP refused it or was down, the process died before
 * sending — stays in the table and the worker's orders job sends it (`sweepOrderMails`): after
 * a failure with a growing delay (1 min, 2, 4… at most 1 h) until MAIL_MAX_ATTEMPTS, after a
 * crash once the claim (MAIL_LOCK_MS) has lapsed. A final refusal (SMTP 5xx, a link sealed under
 * a key no longer configured, the order gone) is given up at once. A mail never overtakes an earlier unsent mail
 * of the same order. `settleOrderMails` waits for everything queued so far (tests, benches);
 * `drainOrderMails` (shutdown) waits until a deadline and leaves the rest to the worker.
 */
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { orderPath } from '../../common/orders';
import type { MailTemplate, MailVars } from '../platform/mail';
import type { Order, OrderMail } from '../models';
import { openWithAny, seal } from '../platform/security/secretBox';
import type { OrdersContext } from './context';
import { writeTransaction } from '../platform/db/transaction';

/** How long the process that claimed a mail has to send it before another may. */
export const MAIL_LOCK_MS = 2 * 60_000;
/** Attempts before a mail is given up (`failedAt`). */
export const MAIL_MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
/** How soon a mail behind one being sent right now looks again. */
const WAIT_BEHIND_MS = 5000;
/** How long shutdown waits for the queued mails before leaving the rest to the worker. */
export const MAIL_DRAIN_MS = 3000;
/** Mails the worker takes per pass at most. */
export const MAIL_SWEEP_BATCH = 100;

/** The wait before the next attempt, after `failures` failed attempts (1 min, doubling, at most 1 h). */
export function mailRetryDelayMs(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS);
}

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

export function orderCreatedMail(order: Order): OrderMailContent {
  return {
    template: 'orderCreated',
    vars: {
      amountSend: order.amountSend,
      from: order.fromCode,
      amountReceive: order.amountReceive,
      to: order.toCode,
      time: order.expiresAt?.toISOString(),
    },
  };
}

export function orderStatusMail(ctx: Pick<OrdersContext, 'i18n'>, order: Order): OrderMailContent {
  const t = ctx.i18n.translator(order.lang);
  return { template: 'orderStatus', vars: { status: t(`mail.orderStatuses.${order.status}`) } };
}

/** Inside the change's transaction: writes the mail, claimed by this process for the send after the commit. */
export function queueOrderMail(ctx: OrdersContext, transaction: Transaction, order: Order, content: OrderMailContent): Promise<OrderMail> {
  const now = ctx.now();
  return ctx.models.OrderMail.create(
    { orderId: order.id, template: content.template, vars: content.vars, nextAttemptAt: now, lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS) },
    { transaction },
  );
}

/** The tail of each mailer's queue: the promise of the last mail queued. */
const queues = new WeakMap<OrdersContext['mailer'], Promise<void>>();
/** The tails of every queue that still has work, for settleOrderMails() without a context. */
const tails = new Set<Promise<void>>();

/** Resolves once every order mail queued so far on this context's mailer (or, without one, in this process) is sent or failed. */
export async function settleOrderMails(ctx?: Pick<OrdersContext, 'mailer'>): Promise<void> {
  if (ctx) return queues.get(ctx.mailer);
  await Promise.all([...tails]);
}

/** Numbers of the queued mails: those up to `cutUpTo` are left unsent by a drain past its deadline. */
let queuedCount = 0;
let cutUpTo = 0;
/** Mails a drain left, by context, whose claims it releases. */
const leftByDrain = new Map<OrdersContext, number[]>();

/**
 * Shutdown: waits for the mails queued so far until `deadline` (ms since the epoch). Those not
 * started by then are left in the outbox with their claims released, so the worker's next pass
 * (in this deployment's next worker) sends them at once; the one being sent finishes.
 */
export async function drainOrderMails(deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
  });
  const outcome = await Promise.race([settleOrderMails().then(() => 'settled' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    cutUpTo = queuedCount;
    await settleOrderMails();
  }
  for (const [ctx, ids] of leftByDrain) {
    leftByDrain.delete(ctx);
    try {
      for (let at = 0; at < ids.length; at += 500) {
        await updateMail(ctx, { lockedUntil: null }, { id: ids.slice(at, at + 500), sentAt: { [Op.is]: null } } as WhereOptions<OrderMail>);
      }
      ctx.logger.warn({ mails: ids.length }, 'order mails left in the outbox for the worker at shutdown');
    } catch (error) {
      ctx.logger.error({ err: error, mails: ids.length }, 'order mail claims not released at shutdown; they lapse by themselves');
    }
  }
}

function enqueue(ctx: OrdersContext, mailId: number, job: () => Promise<unknown>): void {
  const previous = queues.get(ctx.mailer);
  const number = (queuedCount += 1);
  // An empty queue starts on the next turn of the event loop, after the answer is on its way.
  const tail = (previous ?? new Promise<void>((resolve) => setImmediate(resolve))).then(async () => {
    if (number <= cutUpTo) {
      const left = leftByDrain.get(ctx) ?? [];
      left.push(mailId);
      leftByDrain.set(ctx, left);
      return;
    }
    try {
      await job();
    } catch (error) {
      ctx.logger.error({ err: error }, 'order email not handled');
    }
  });
  queues.set(ctx.mailer, tail);
  tails.add(tail);
  if (previous) tails.delete(previous);
  void tail.then(() => {
    tails.delete(tail);
    if (queues.get(ctx.mailer) === tail) queues.delete(ctx.mailer);
  });
}

/** What a mail needs of its order (none of it changes after creation). */
type MailOrder = Pick<Order, 'id' | 'uid' | 'email' | 'lang' | 'secretSealed'>;

/** After the commit: sends the mails this process wrote and claimed for `order`, in its queue; returns at once. */
export function deliverOrderMails(ctx: OrdersContext, order: MailOrder, mails: readonly OrderMail[]): void {
  for (const mail of mails) enqueue(ctx, mail.id, () => attemptOrderMail(ctx, mail, true, order));
}

/** A mail no later attempt can send. */
class PermanentMailError extends Error {}

/** Whether a failure is final: ours (PermanentMailError), or an SMTP 5xx answer (nodemailer's `responseCode`). */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentMailError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export type MailAttempt = 'sent' | 'retry' | 'failed' | 'waiting' | 'taken';

/** One change of a mail row, in the writer's turn on SQLite (a write beside a turn could meet SQLITE_BUSY). */
async function updateMail(ctx: OrdersContext, values: Partial<OrderMail>, where: WhereOptions<OrderMail>): Promise<number> {
  const [count] = await writeTransaction(ctx.sequelize, (transaction) => ctx.models.OrderMail.update(values, { where, transaction }));
  return count;
}

/** The mails a pass may take at `now`: not sent, not given up, retry time reached, no live claim. */
export function dueMails(now: Date): WhereOptions<OrderMail> {
  return {
    sentAt: { [Op.is]: null },
    failedAt: { [Op.is]: null },
    nextAttemptAt: { [Op.lte]: now },
    [Op.or]: [{ lockedUntil: { [Op.is]: null } }, { lockedUntil: { [Op.lte]: now } }],
  } as WhereOptions<OrderMail>;
}

/**
 * One attempt at one mail. `wroteIt`: this process wrote it and holds the claim (while it lasts);
 * otherwise it is claimed here with a conditional update, and a process that got it first wins ('taken').
 * `known`: the order, when the caller holds it (else it is read).
 * A mail behind an earlier unsent mail of its order waits ('waiting'): it is due again when that
 * one is (or in WAIT_BEHIND_MS when that one is being sent now).
 */
export async function attemptOrderMail(ctx: OrdersContext, mail: OrderMail, wroteIt: boolean, known?: MailOrder): Promise<MailAttempt> {
  const { OrderMail: Mails, Order: Orders } = ctx.models;
  const now = ctx.now();
  // A claim that lapsed while the mail sat in a long queue is no claim: take it like any other.
  const claimed = wroteIt && mail.lockedUntil !== null && mail.lockedUntil > now;
  const earlier = await Mails.findOne({
    attributes: ['id', 'nextAttemptAt'],
    where: { orderId: mail.orderId, id: { [Op.lt]: mail.id }, sentAt: { [Op.is]: null }, failedAt: { [Op.is]: null } } as WhereOptions<OrderMail>,
    order: [['nextAttemptAt', 'DESC']],
  });
  if (earlier) {
    // Not due again before the mail it waits for: waiting mails never crowd the head of a pass.
    const notBefore = new Date(Math.max(earlier.nextAttemptAt.getTime(), now.getTime() + WAIT_BEHIND_MS));
    await updateMail(ctx, { lockedUntil: null, nextAttemptAt: notBefore }, { id: mail.id, sentAt: { [Op.is]: null } } as WhereOptions<OrderMail>);
    return 'waiting';
  }
  if (!claimed) {
    const count = await updateMail(ctx, { lockedUntil: new Date(now.getTime() + MAIL_LOCK_MS) }, { id: mail.id, ...dueMails(now) } as WhereOptions<OrderMail>);
    if (count !== 1) return 'taken';
  }
  const attempts = mail.attempts + 1;
  try {
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
  } catch (error) {
    const failed = attempts >= MAIL_MAX_ATTEMPTS || isPermanent(error);
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.error({ err: error, mailId: mail.id, orderId: mail.orderId, attempts, failed }, failed ? 'order email given up' : 'order email not sent, will retry');
    const retryAt = new Date(ctx.now().getTime() + mailRetryDelayMs(attempts));
    await updateMail(
      ctx,
      { attempts, lockedUntil: null, lastError: message.slice(0, 500), ...(failed ? { failedAt: ctx.now() } : { nextAttemptAt: retryAt }) },
      { id: mail.id },
    );
    return failed ? 'failed' : 'retry';
  }
  await updateMail(ctx, { attempts, lockedUntil: null, sentAt: ctx.now(), lastError: null }, { id: mail.id });
  return 'sent';
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
