/**
 * A partner's webhook receiver for tests: a local HTTP server that records every POST (headers,
 * the exact body bytes, whether `hash` verifies with the key's secret — signature.ts's scheme,
 * the one a partner implements), answers from a script per path (200 once it is used up; 429 with
 * a Retry-After), and de-duplicates on `eventId` as the contract asks a receiver to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PartnerWebhook } from '../../../common/partnerApi';
import { signatureMatches, signBody } from '../signature';

export type ReceiverReply = number | { status: 429; retryAfter: string };

export interface ReceivedWebhook {
  path: string;
  /** The Host header (the URL's host, whatever address was connected to). */
  host: string;
  apiKey: string | undefined;
  contentType: string | undefined;
  raw: string;
  body: PartnerWebhook;
  /** Whether `hash` = sha512_hex(sha512_hex(raw) + secret) for the secret of `apikey`. */
  verified: boolean;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  port: number;
  requests: ReceivedWebhook[];
  /** The secret to verify the POSTs of `apiKey` with. */
  trust(apiKey: string, secret: string): void;
  /** Answers for the next POSTs to `path`, in order (a shared database may send other rows elsewhere). */
  script(path: string, ...replies: ReceiverReply[]): void;
  /** The eventIds handled once each (answered 2xx), in order: what a de-duplicating partner applied. */
  applied(): string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const replies = new Map<string, ReceiverReply[]>();
  const requests: ReceivedWebhook[] = [];
  const applied: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const apiKey = request.headers.apikey as string | undefined;
      const secret = apiKey ? secrets.get(apiKey) : undefined;
      const hash = request.headers.hash as string | undefined;
      const reply = replies.get(request.url ?? '')?.shift() ?? 200;
      const status = typeof reply === 'number' ? reply : reply.status;
      let body: PartnerWebhook;
      try {
        body = JSON.parse(raw) as PartnerWebhook;
      } catch {
        body = {} as PartnerWebhook;
      }
      const verified = secret !== undefined && hash !== undefined && signatureMatches(hash, signBody(raw, secret));
      requests.push({ path: request.url ?? '', host: request.headers.host ?? '', apiKey, contentType: request.headers['content-type'], raw, body, verified, status });
      if (status >= 200 && status < 300 && verified && !applied.includes(body.eventId)) applied.push(body.eventId);
      response.writeHead(status, { 'content-type': 'text/plain', ...(typeof reply === 'object' ? { 'retry-after': reply.retryAfter } : {}) });
      response.end(status >= 200 && status < 300 ? 'ok' : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    trust: (apiKey, secret) => void secrets.set(apiKey, secret),
    script: (path, ...next) => void replies.set(path, [...(replies.get(path) ?? []), ...next]),
    applied: () => [...applied],
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
