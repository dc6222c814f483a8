/**
 * A requisite's number at rest: sealed (AES-256-GCM, security/secretBox) and bound to its owner,
 * so a sealed value copied to another user's row does not open; and a keyed hash (HMAC-SHA256
 * under the app's keys, the way the blacklist keeps cards) to find the same card or wallet
 * without opening anything. Look-ups hash under every configured key, so rows hashed before a key
 * rotation are still found.
 */
import { createHmac } from 'node:crypto';
import { cardNumberDigits, type RequisiteKind } from '../../common/requisites';
import { openWithAny, seal } from '../platform/security/secretBox';

/** The one form a number is hashed and sealed in: card digits only; a wallet trimmed, as typed (addresses are case-sensitive). */
export function normalizeRequisiteNumber(kind: RequisiteKind, value: string): string | null {
  if (kind === 'card') return cardNumberDigits(value);
  const wallet = value.normalize('NFKC').trim();
  return wallet.length > 0 ? wallet : null;
}

function keyedHash(key: string, kind: RequisiteKind, normalized: string): string {
  return createHmac('sha256', key).update(`requisite:${kind}:${normalized}`).digest('hex');
}

/** The hash stored with a new row (first key). */
export function requisiteHash(keys: readonly string[], kind: RequisiteKind, normalized: string): string {
  return keyedHash(keys[0]!, kind, normalized);
}

/** Every hash the number may be stored under (one per configured key). */
export function requisiteHashes(keys: readonly string[], kind: RequisiteKind, normalized: string): string[] {
  return keys.map((key) => keyedHash(key, kind, normalized));
}

export function sealRequisiteNumber(keys: readonly string[], userId: number, normalized: string): string {
  return seal(normalized, keys[0]!, { context: `requisite:user:${userId}` });
}

/** The number of a requisite sealed by sealRequisiteNumber (null when the row keeps none). */
export function openRequisiteNumber(keys: readonly string[], userId: number, sealed: string | null): string | null {
  return sealed ? openWithAny(sealed, keys, { context: `requisite:user:${userId}` }).plaintext : null;
}
