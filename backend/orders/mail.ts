/**
 * The customer's emails about an order, in the order's language: on creation (with the link to
 * the order page) and on every status change (the status's name and the link). The link holds
 * the secret, opened from its sealed copy; a failure to send is logged, never thrown.
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

async function sendOrderMail(ctx: OrdersContext, order: Order, template: MailTemplate, vars: MailVars): Promise<void> {
  try {
    const link = orderPath(order.uid, openOrderSecret(ctx, order));
    await ctx.mailer.send({ to: order.email, lang: order.lang, template, vars: { uid: order.uid, link, ...vars } });
  } catch (error) {
    ctx.logger.error({ err: error, uid: order.uid, template }, 'order email not sent');
  }
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
