import type { AppMiddleware } from '../platform/http/types';
import { clientIp, type Limiter, type RateLimits } from '../platform/security/rateLimit';

/** Brute-force limits of the accounts: attempts per window. */
export const ACCOUNT_LIMITS = {
  /** Sign-in attempts per IP (every attempt counts). */
  signIn: { points: 30, durationSec: 15 * 60 },
  /** Failed sign-in attempts per email+IP (a successful one gives its point back). */
  signInEmailIp: { points: 10, durationSec: 15 * 60 },
  /** One-time codes tried at sign-in per email (whatever the IP). */
  otpEmail: { points: 10, durationSec: 15 * 60 },
  /** One-time codes tried in the profile per user. */
  otpUser: { points: 10, durationSec: 15 * 60 },
  /** One-time codes tried with one reset link. */
  otpToken: { points: 10, durationSec: 15 * 60 },
  register: { points: 10, durationSec: 60 * 60 },
  registerEmail: { points: 5, durationSec: 60 * 60 },
  activate: { points: 30, durationSec: 60 * 60 },
  reset: { points: 10, durationSec: 60 * 60 },
  resetEmail: { points: 5, durationSec: 60 * 60 },
  resetConfirm: { points: 20, durationSec: 60 * 60 },
  /** Current-password checks (change, delete) per user. */
  passwordCheck: { points: 10, durationSec: 15 * 60 },
} as const;
export type AccountLimitName = keyof typeof ACCOUNT_LIMITS;

export interface AccountLimits {
  /** Middleware counting each request against the limit per client IP (`ctx.ip`: X-Forwarded-For only with TRUST_PROXY). */
  perIp(name: AccountLimitName): AppMiddleware;
  /** Counts one attempt for `key`; 429 too_many_requests once over the limit. */
  consume(name: AccountLimitName, key: string): Promise<void>;
  /** Gives back the point of an attempt that succeeded (only failures should use up a limit). */
  refund(name: AccountLimitName, key: string): Promise<void>;
}

/**
 * The accounts' limiters on security/rateLimit: Redis counters shared by every web process, with an
 * in-memory insurance limiter that keeps limiting while Redis is down (never fails open), memory
 * only without REDIS_URL. Keys are `clientIp(ctx)` (X-Forwarded-For only with TRUST_PROXY=1).
 */
export function createAccountLimits(rateLimits: RateLimits): AccountLimits {
  const limiters = new Map<AccountLimitName, Limiter>();
  for (const [name, { points, durationSec }] of Object.entries(ACCOUNT_LIMITS) as [AccountLimitName, { points: number; durationSec: number }][]) {
    limiters.set(name, rateLimits.limiter(`acct.${name}`, points, durationSec));
  }
  function limiterFor(name: AccountLimitName): Limiter {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`unknown account limit ${name}`);
    return limiter;
  }
  return {
    perIp(name) {
      const limiter = limiterFor(name);
      return async function accountRateLimit(ctx, next) {
        await limiter.consume(clientIp(ctx));
        await next();
      };
    },
    consume: (name, key) => limiterFor(name).consume(key),
    refund: (name, key) => limiterFor(name).reward(key),
  };
}
