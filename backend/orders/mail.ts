/**
 * The customer's emails about an order, in the order's language: on creation (with the link to
 * the order page) and on every status change (the status's name and the link). The link holds
 * the secret, opened from its sealed copy; a failure to send is logged, never thrown.
 *
 * Called after the commit, they hand the mail to this process's order mail queue and return: the
 * request never waits for rendering, SMTP or the outbox write. The queue sends one mail at a
 * time per mailer, in the order they were queued (creation before the status changes).
 * `settleOrderMails` waits for everything queued so far (shutdown, tests).
 */
import { orderPath } from '../../common/orders';
import type { MailTemplate, MailVars } from '../mail';
import type { Order } from '../models';
import { openWithAny, seal } from '../security/secretBox';
import type { OrdersContext } from './context';

export function secretContext(uid: string): string {
  return `order:${uid}:secret`;
}

export function sealOrderSecret(ctx: Pick<OrdersContext, 'secretKeys'>, uid: string, secret: string): string {
  return seal(secret, ctx.secretKeys[0]!, { context: secretContext(uid) });
}

export function openOrderSecret(ctx: Pick<OrdersContext, 'secretKeys'>, order: Pick<Order, 'uid' | 'secretSealed'>): string {
  return openWithAny(order.secretSealed, ctx.secretKeys, { context: secretContext(order.uid) }).plaintext;
}

/** The tail of each mailer's queue: the promise of the last mail queued. */
const queues = new WeakMap<OrdersContext['mailer'], Promise<void>>();

/** Resolves once every order mail queued so far on this context's mailer (or, without one, in this process) is sent or failed. */
export async function settleOrderMails(ctx?: Pick<OrdersContext, 'mailer'>): Promise<void> {
  if (ctx) return queues.get(ctx.mailer);
  await Promise.all([...tails]);
}

/** The tails of every queue that still has work, for settleOrderMails() without a context. */
const tails = new Set<Promise<void>>();

function sendOrderMail(ctx: OrdersContext, order: Order, template: MailTemplate, vars: MailVars): Promise<void> {
  // What the mail says is taken now: the order row may change before the queue reaches it.
  const message = { to: order.email, lang: order.lang, template, uid: order.uid, sealed: order.secretSealed, vars: { ...vars } };
  const send = async () => {
    try {
      const link = orderPath(message.uid, openOrderSecret(ctx, { uid: message.uid, secretSealed: message.sealed }));
      await ctx.mailer.send({ to: message.to, lang: message.lang, template, vars: { uid: message.uid, link, ...message.vars } });
    } catch (error) {
      ctx.logger.error({ err: error, uid: message.uid, template }, 'order email not sent');
    }
  };
  const previous = queues.get(ctx.mailer);
  // An empty queue starts on the next turn of the event loop, after the answer is on its way.
  const tail = (previous ?? new Promise<void>((resolve) => setImmediate(resolve))).then(send);
  queues.set(ctx.mailer, tail);
  tails.add(tail);
  if (previous) tails.delete(previous);
  void tail.then(() => {
    tails.delete(tail);
    if (queues.get(ctx.mailer) === tail) queues.delete(ctx.mailer);
  });
  return Promise.resolve();
}

export function sendOrderCreatedMail(ctx: OrdersContext, order: Order): Promise<void> {
  return sendOrderMail(ctx, order, 'orderCreated', {
    amountSend: order.amountSend,
    from: order.fromCode,
    amountReceive: order.amountReceive,
    to: order.toCode,
    time: order.expiresAt?.toISOString(),
  });
}

export function sendOrderStatusMail(ctx: OrdersContext, order: Order): Promise<void> {
  const t = ctx.i18n.translator(order.lang);
  return sendOrderMail(ctx, order, 'orderStatus', { status: t(`mail.orderStatuses.${order.status}`) });
}
