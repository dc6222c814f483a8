/**
 * Picks the content coding of an answer from Accept-Encoding (RFC 9110 §12.5.3): the codings the
 * client accepts (q > 0), highest q first, ties going to our preference — br, then gzip, then
 * identity. (koa's ctx.acceptsEncodings breaks ties by the client's own order, and browsers send
 * "gzip, deflate, br, zstd": it would pick gzip.)
 */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Ours, best first: smallest answer first, identity last. */
export const CODING_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Below any q a client can write (three decimals): identity unnamed loses to every named coding. */
const IMPLICIT_IDENTITY_Q = 0.0001;

function weights(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((each) => each.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    result.set(name, Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  return result;
}

/**
 * The codings of `offered` the client accepts, best first. Without an Accept-Encoding header (or
 * an empty one) only identity; identity is acceptable unless refused by name (`identity;q=0`) or
 * by `*;q=0`.
 */
export function acceptableCodings(header: string | undefined, offered: readonly ContentCoding[] = CODING_PREFERENCE): ContentCoding[] {
  if (!header || header.trim() === '') return offered.includes('identity') ? ['identity'] : [];
  const given = weights(header);
  const wildcard = given.get('*');
  const weightOf = (coding: ContentCoding): number =>
    given.get(coding) ?? wildcard ?? (coding === 'identity' ? IMPLICIT_IDENTITY_Q : 0);
  return offered
    .map((coding, index) => ({ coding, index, weight: weightOf(coding) }))
    .filter((each) => each.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((each) => each.coding);
}

/** The best coding of `offered`; identity when the client refuses them all (a 406 would help nobody). */
export function chooseCoding(header: string | undefined, offered: readonly ContentCoding[] = CODING_PREFERENCE): ContentCoding {
  return acceptableCodings(header, offered)[0] ?? 'identity';
}
