import { ApiError } from '../../api/ApiError';

/**
 * An API refusal in the interface language: the partner programme's own words for its stable codes
 * (`partner.errors.<code>`: the spec's "No funds available for withdrawal"…), else the server's
 * translated message, else `fallback`.
 */
export function apiErrorText(error: unknown, t: (key: string) => string, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const key = `partner.errors.${error.code}`;
  const own = t(key);
  return own !== key ? own : error.message || fallback;
}
