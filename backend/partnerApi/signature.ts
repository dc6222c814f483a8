import { createHash, timingSafeEqual } from 'node:crypto';

/** `sha512_hex( sha512_hex(rawBody) + secret )` over the exact bytes (the contract's signature). */
export function signBody(rawBody: Buffer | string, secret: string): string {
  const inner = createHash('sha512').update(rawBody).digest('hex');
  return createHash('sha512').update(inner + secret).digest('hex');
}

/**
 * Constant-time comparison of a received `hash` header with the expected one. Both are hashed to
 * 32 bytes first, so a header of any length or alphabet takes the same path and
 * `crypto.timingSafeEqual` always compares equal-length buffers: how much of the header is right,
 * and how long it is, make no timing difference.
 */
export function signatureMatches(received: string, expected: string): boolean {
  const a = createHash('sha256').update(received, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
