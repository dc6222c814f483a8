import type { AppMiddleware } from '../../middlewares/types';
import { clientIp, type RateLimits } from '../../security/rateLimit';

/** Light per-IP limits of the order API: requests per window. */
export const ORDER_LIMITS = {
  create: { points: 120, durationSec: 60 },
  /** Reads and customer actions (guessing secrets is hopeless at 256 bits; this caps the load). */
  action: { points: 600, durationSec: 60 },
} as const;

export type OrderLimitName = keyof typeof ORDER_LIMITS;

export function orderLimit(rateLimits: RateLimits, name: OrderLimitName): AppMiddleware {
  const { points, durationSec } = ORDER_LIMITS[name];
  const limiter = rateLimits.limiter(`orders.${name}`, points, durationSec);
  return async function orderRateLimit(ctx, next) {
    await limiter.consume(clientIp(ctx));
    await next();
  };
}
