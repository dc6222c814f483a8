/**
 * The contract every rate source implements. The rate worker polls providers and never
 * looks inside them; web processes never call a provider during a request.
 */

/**
 * One price of `base` in units of `quote`: a buyer pays `ask`, a seller receives `bid`.
 * Prices are exact decimal strings (never JavaScript numbers); `at` is an ISO 8601 instant.
 */
export interface Quote {
  source: string;
  base: string;
  quote: string;
  bid: string;
  ask: string;
  at: string;
}

export interface RateProvider {
  readonly name: string;
  /** One poll of the source. Rejects with `ProviderError` when the source fails. */
  fetchQuotes(signal?: AbortSignal): Promise<Quote[]>;
}

/** Options shared by the adapters that call a real HTTP API. */
export interface HttpProviderOptions {
  /** Origin of the API, e.g. `https://api.binance.com` (tests point it at 127.0.0.1). */
  baseUrl: string;
  /** How long one poll may take, from request to the last byte of the body. */
  timeoutMs: number;
}

/**
 * Why a poll failed:
 * - `http`: the server answered with a non-2xx status (rate limits, bans, outages);
 * - `timeout`: no complete answer within `timeoutMs`;
 * - `payload`: a 2xx answer that is not what the API documents, or an API-level error code;
 * - `network`: the connection could not be made or broke.
 */
export type ProviderErrorKind = 'http' | 'timeout' | 'payload' | 'network';

export interface ProviderErrorDetails {
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** Seconds the source asked us to wait (`Retry-After`), when it said so. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly provider: string;
  readonly kind: ProviderErrorKind;
  readonly status?: number;
  readonly retryAfterSeconds?: number;

  constructor(provider: string, kind: ProviderErrorKind, message: string, details: ProviderErrorDetails = {}) {
    super(`${provider}: ${message}`, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
