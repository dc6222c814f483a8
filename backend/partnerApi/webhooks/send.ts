/**
 * One webhook POST: `content-type: application/json`, `apikey` (the public key) and `hash`
 * (signature.ts, over the exact bytes sent) to the callback URL, connected to the address the
 * SSRF check resolved (a `lookup` that answers only that address: the Host header and the TLS
 * servername stay the URL's host, and a DNS that changes its answer between the check and the
 * connection changes nothing). No redirect is followed; at most WEBHOOK_ANSWER_BYTES of the
 * answer are read. The answer decides the outcome: 2xx delivered; 410 → PermanentMailError (given
 * up); 429 → RetryLaterError with its Retry-After (at most a day); any other status, a timeout or
 * a network error → a plain Error, retried by the schedule. Every error carries the status
 * (`receiverStatus`, null without an answer) for the delivery log.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PermanentMailError, RetryLaterError } from '../../platform/outbox/delivery';
import type { ResolvedAddress } from '../callbackUrl';

/** How long one POST may take, answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an answer read (for the log line). */
export const WEBHOOK_ANSWER_BYTES = 2048;
/** A 429 without a usable Retry-After waits this long; a longer one is cut to a day. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
const MAX_RETRY_AFTER_MS = 24 * 3600_000;

export interface WebhookRequest {
  url: string;
  /** The checked address to connect to. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

/** The receiver's HTTP status an error carries (null: no answer). */
export function receiverStatusOf(error: unknown): number | null {
  const status = (error as { receiverStatus?: unknown } | null)?.receiverStatus;
  return typeof status === 'number' ? status : null;
}

function withStatus<E extends Error>(error: E, status: number | null): E {
  return Object.assign(error, { receiverStatus: status });
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** POSTs the webhook; resolves with the 2xx status, throws as the file's comment says. */
export function postWebhook(request: WebhookRequest): Promise<number> {
  const url = new URL(request.url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [request.address]);
    else callback(null, request.address.address, request.address.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        timeout: request.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= WEBHOOK_ANSWER_BYTES) answer.destroy();
        });
        const settle = () => {
          const said = text.slice(0, 200).replace(/\s+/g, ' ').trim();
          const message = `HTTP ${status}${said ? `: ${said}` : ''}`;
          if (status >= 200 && status < 300) resolve(status);
          else if (status === 410) reject(withStatus(new PermanentMailError(message), status));
          else if (status === 429) {
            const wait = retryAfterMs(answer.headers['retry-after'], Date.now()) ?? DEFAULT_RETRY_AFTER_MS;
            reject(withStatus(new RetryLaterError(message, Math.min(wait, MAX_RETRY_AFTER_MS)), status));
          } else reject(withStatus(new Error(message), status));
        };
        answer.on('end', settle);
        answer.on('close', settle);
        answer.on('error', settle);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => reject(withStatus(new Error(`unreachable: ${error.code ?? error.message}`), null)));
    outgoing.end(request.body);
  });
}
