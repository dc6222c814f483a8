/**
 * The one HTTP client the real adapters share: `fetch` under `AbortSignal.timeout`, every
 * failure turned into a `ProviderError` of the right kind. A caller's own abort is passed
 * through untouched: cancelling a poll is not a failure of the source.
 */
import { ProviderError } from './types';

export interface ProviderRequest {
  provider: string;
  url: URL;
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Turns the body of a non-2xx answer into a short message, e.g. Binance's `{code,msg}`. */
  describeErrorBody?: (body: string) => string | undefined;
}

export interface ProviderResponse {
  bytes: Uint8Array;
  contentType: string;
}

const ERROR_BODY_PREVIEW = 200;

export async function fetchFromProvider(request: ProviderRequest): Promise<ProviderResponse> {
  const { provider, timeoutMs } = request;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    const response = await fetch(request.url, { signal, headers: request.headers });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw statusError(request, response, bytes);
    return { bytes, contentType: response.headers.get('content-type') ?? '' };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted) {
      throw new ProviderError(provider, 'timeout', `no complete answer within ${timeoutMs} ms`, { cause: error });
    }
    throw new ProviderError(provider, 'network', `request failed: ${networkReason(error)}`, { cause: error });
  }
}

function statusError(request: ProviderRequest, response: Response, bytes: Uint8Array): ProviderError {
  const body = new TextDecoder().decode(bytes);
  const isHtml = (response.headers.get('content-type') ?? '').includes('html');
  const detail = request.describeErrorBody?.(body) ?? preview(isHtml ? htmlText(body) : body);
  return new ProviderError(request.provider, 'http', `HTTP ${response.status}${detail ? `: ${detail}` : ''}`, {
    status: response.status,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  });
}

/** `Retry-After` in its delay-seconds form; the HTTP-date form is not used by these APIs. */
function retryAfterSeconds(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

/** The visible text of an error page (CDN blocks, gateway errors), without markup. */
function htmlText(html: string): string {
  return html.replace(/<!DOCTYPE[^>]*>|<head[\s\S]*?<\/head>|<[^>]+>/gi, ' ');
}

function preview(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > ERROR_BODY_PREVIEW ? `${text.slice(0, ERROR_BODY_PREVIEW)}…` : text;
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
