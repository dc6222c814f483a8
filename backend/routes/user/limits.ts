import { TooManyRequestsError } from '../../lib/errors';
import type { KV } from '../../lib/kv/types';
import type { AppMiddleware } from '../../middlewares/types';
import { clientIp } from '../../security/rateLimit';

/** Brute-force limits of the accounts: attempts per window. */
export const ACCOUNT_LIMITS = {
  /** Sign-in attempts per IP (every attempt counts). */
  signIn: { points: 30, durationSec: 15 * 60 },
  /** Sign-in attempts per email+IP. */
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
}

/**
 * Fixed-window counters in the KV (Redis when configured): one atomic INCR with the window as
 * TTL, so every web process shares them; a KV failure answers 503 (never fails open). Keys are
 * `clientIp(ctx)` from security/rateLimit (X-Forwarded-For only with TRUST_PROXY=1).
 * Not security/rateLimit's createRateLimits: that opens its own Redis client, which needs a
 * close() the app cannot call (server.ts owns the lifecycle); switching is one line once the
 * server passes a RateLimits in.
 */
export function createAccountLimits(kv: KV): AccountLimits {
  async function consume(name: AccountLimitName, key: string): Promise<void> {
    const { points, durationSec } = ACCOUNT_LIMITS[name];
    const counterKey = `rl:acct:${name}:${key}`;
    const count = await kv.incr(counterKey, durationSec * 1000);
    if (count > points) {
      const ttl = await kv.ttl(counterKey);
      const seconds = Math.max(1, Math.ceil(ttl > 0 ? ttl / 1000 : durationSec));
      throw new TooManyRequestsError(seconds, {
        messageKey: 'security.too_many_requests',
        values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
      });
    }
  }
  return {
    perIp(name) {
      return async function accountRateLimit(ctx, next) {
        await consume(name, clientIp(ctx));
        await next();
      };
    },
    consume,
  };
}
