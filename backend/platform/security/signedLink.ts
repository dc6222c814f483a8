/**
 * Short-lived signed links (the staff's file links): `expires` (UNIX seconds) and `sig`, an
 * HMAC-SHA256 (base64url) of `<subject>:<expires>` under the app's first key. A link checks under
 * any configured key (key rotation), until it expires, and never further ahead than its lifetime
 * (plus a minute of clock skew); comparisons run in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function signature(key: string, subject: string, expires: number): string {
  return createHmac('sha256', key).update(`${subject}:${expires}`).digest('base64url');
}

/** `expires=&sig=` for `subject`, valid `ttlSeconds` from `now`. */
export function signLink(keys: readonly string[], subject: string, now: Date, ttlSeconds: number): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `expires=${expires}&sig=${signature(keys[0]!, subject, expires)}`;
}

/** Whether a link's `expires` and `sig` (as the query gave them) are good for `subject` at `now`. */
export function linkSignatureValid(keys: readonly string[], subject: string, expires: unknown, sig: unknown, now: Date, ttlSeconds: number): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return false;
  const at = Number(expires);
  const nowSeconds = now.getTime() / 1000;
  if (at < nowSeconds || at > nowSeconds + ttlSeconds + 60) return false;
  const given = Buffer.from(sig);
  return keys.some((key) => {
    const wanted = Buffer.from(signature(key, subject, at));
    return wanted.length === given.length && timingSafeEqual(wanted, given);
  });
}
