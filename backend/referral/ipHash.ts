/**
 * An address kept only as a keyed hash (HMAC-SHA256 under the app's keys, the way requisites and
 * the blacklist keep numbers): the same-IP rule and the click log compare hashes, the address
 * itself is never stored. New hashes use the first key; look-ups hash under every key (rotation).
 */
import { createHmac } from 'node:crypto';
import { clientIp } from '../platform/security/rateLimit';

function keyedIpHash(key: string, ip: string): string {
  return createHmac('sha256', key).update(`ip:${ip.trim().toLowerCase()}`).digest('hex');
}

/** The hash stored for `ip` (first key). */
export function ipHash(keys: readonly string[], ip: string): string {
  return keyedIpHash(keys[0]!, ip);
}

/** Every hash `ip` may be stored under (one per configured key). */
export function ipHashes(keys: readonly string[], ip: string): string[] {
  return keys.map((key) => keyedIpHash(key, ip));
}

/** The hash of a request's address as Koa saw it, or null when it is unknown (no two unknown addresses are "the same IP"). */
export function requestIpHash(keys: readonly string[], ip: string | null | undefined): string | null {
  const address = ip ? clientIp({ ip }) : 'unknown';
  return address === 'unknown' ? null : ipHash(keys, address);
}
