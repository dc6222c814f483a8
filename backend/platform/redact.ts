/**
 * Capability secrets in URLs (the order page and API `…/order(s)/{uid}/{secret}`, the reset link
 * `/reset-password/{token}` and its `?resetToken=`, the activation link `/auth/{token}`) never
 * reach logs, metrics labels or error reports: `redactSecrets` replaces them with SECRET_MARK.
 * It works on a bare path and on free text (an error message or stack naming a path), so the
 * request log, the HTTP metrics labels and the logger's error serializer share these rules.
 */

/** What stands in place of a secret. */
export const SECRET_MARK = ':secret';

/** Characters that end a path segment or a query value, in a path or in prose. */
const END = String.raw`/?#&\s'"<>()\[\]{},;`;
const VALUE = `[^${END}]+`;

const RULES: readonly RegExp[] = [
  // /order/{uid}/{secret} and /api/orders/{uid}/{secret}/… (the operators' /operator/orders/{uid} has no secret).
  new RegExp(String.raw`(?<!/operator)(/orders?/${VALUE}/)${VALUE}`, 'gi'),
  // /reset-password/{token} (the API's /reset-password/confirm is a route, not a token).
  new RegExp(String.raw`(/reset-password/)(?!confirm(?![^${END}]))${VALUE}`, 'gi'),
  // /auth/{token} (the API's /user/auth/… routes are names).
  new RegExp(String.raw`(?<!/user)(/auth/)${VALUE}`, 'gi'),
  // A Telegram bot token in a Bot API URL: /bot<id>:<secret>/…
  /(\/bot)\d+:[\w-]+/gi,
  // ?resetToken=…, &token=…, ?secret=…
  new RegExp(String.raw`([?&](?:reset_?token|token|secret)=)[^&#\s'"<>]+`, 'gi'),
  // Anything else shaped like a random token (256-bit base64url or hex is 43–64 characters).
  /()(?<![\w-])[\w-]{32,}(?![\w-])/g,
];

/** `text` with every capability secret replaced by SECRET_MARK (the uid of an order stays). */
export function redactSecrets(text: string): string {
  let result = text;
  for (const rule of RULES) result = result.replace(rule, `$1${SECRET_MARK}`);
  return result;
}

/** Whether `text` (a path, a URL) holds a capability secret: such answers are never stored by caches. */
export function carriesSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}

/** A copy of a serialized value (an error report) with redactSecrets applied to every string in it. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactDeep(item, depth + 1);
  return copy as T;
}
