/**
 * An order's public id and its secret. The uid is 10 Crockford base32 characters (50 random
 * bits: short enough to read out, and only an index into the table); the secret is 32 random
 * bytes (256 bits) in base64url, given to the customer once. Only its SHA-256 is looked up;
 * comparisons run in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const UID_LENGTH = 10;
export const UID_PATTERN = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/;
export const SECRET_BYTES = 32;
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 10 characters, each from 5 random bits (a byte's low 5 bits: 256 is a multiple of 32, no bias). */
export function newOrderUid(): string {
  const bytes = randomBytes(UID_LENGTH);
  let uid = '';
  for (const byte of bytes) uid += CROCKFORD[byte & 31];
  return uid;
}

export function newOrderSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function hashOrderSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is stored (constant time over the hashes). */
export function orderSecretMatches(secretHash: string, secret: string): boolean {
  const expected = Buffer.from(secretHash, 'hex');
  const actual = Buffer.from(hashOrderSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
