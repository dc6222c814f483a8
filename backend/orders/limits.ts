import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { TooManyRequestsError } from '../platform/errors';
import type { AppMiddleware } from '../platform/http/types';
import type { ValidatedState } from '../platform/http/validate';
import { orderEmail } from './createOrder';
import { clientIp, type RateLimits } from '../platform/security/rateLimit';
import type { createOrderSchema } from './schemas';

/** Light per-IP limits of the order API: requests per window. */
export const ORDER_LIMITS = {
  create: { points: 120, durationSec: 60 },
  /** Reads and customer actions (guessing secrets is hopeless at 256 bits; this caps the load). */
  action: { points: 600, durationSec: 60 },
} as const;

export type OrderLimitName = keyof typeof ORDER_LIMITS;

/**
 * Every order mails the address it names, so orders are how a stranger's mailbox gets flooded:
 * one IP creates at most ORDERS_PER_IP_PER_HOUR orders an hour (further ones are refused with 429
 * and a message saying so), and one address receives at most ORDER_MAILS_PER_ADDRESS_PER_HOUR
 * "order created" mails an hour (further orders to it are created without that mail: the answer
 * and the order page carry the link). Only orders actually created count.
 */
export const ORDERS_PER_IP_PER_HOUR = 30;
export const ORDER_MAILS_PER_ADDRESS_PER_HOUR = 5;
const HOUR_SEC = 60 * 60;

declare module '../platform/http/types' {
  interface AppState {
    /** Whether the order being created may send its "order created" mail (createdOrderLimits()). */
    mailCreated?: boolean;
  }
}

export function orderLimit(rateLimits: RateLimits, name: OrderLimitName): AppMiddleware {
  const { points, durationSec } = ORDER_LIMITS[name];
  const limiter = rateLimits.limiter(`orders.${name}`, points, durationSec);
  return async function orderRateLimit(ctx, next) {
    await limiter.consume(clientIp(ctx));
    await next();
  };
}

/** After validate(createOrderSchema): counts the order against its IP and its address (given back if it fails). */
export function createdOrderLimits(rateLimits: RateLimits): Middleware<ValidatedState<typeof createOrderSchema>> {
  const perIp = rateLimits.limiter('orders.createdPerIp', ORDERS_PER_IP_PER_HOUR, HOUR_SEC);
  const perAddress = rateLimits.limiter('orders.createdMailPerAddress', ORDER_MAILS_PER_ADDRESS_PER_HOUR, HOUR_SEC);
  return async function createdOrderLimit(ctx, next) {
    const ip = clientIp(ctx);
    await perIp.consume(ip).catch((error: unknown) => {
      if (!(error instanceof TooManyRequestsError)) throw error;
      throw new TooManyRequestsError(error.retryAfterSeconds, { messageKey: 'security.too_many_orders', values: error.values });
    });
    // Counted under a digest: the limiter's keys (Redis) never list customers' addresses.
    const address = createHash('sha256').update(orderEmail(ctx.state.input)).digest('base64url');
    const mailCreated = await perAddress.consume(address).then(
      () => true,
      (error: unknown) => {
        if (error instanceof TooManyRequestsError) return false;
        throw error;
      },
    );
    ctx.state.mailCreated = mailCreated;
    try {
      await next();
    } catch (error) {
      await Promise.allSettled([perIp.reward(ip), mailCreated ? perAddress.reward(address) : undefined]);
      throw error;
    }
  };
}
