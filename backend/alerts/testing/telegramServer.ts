/**
 * A local HTTP server speaking the Bot API's sendMessage for tests (TELEGRAM_API_URL points at
 * it). It answers with the shapes real Telegram answers have (https://core.telegram.org/bots/api
 * "Making requests" and the Message object; the 429 as Telegram sends it, with
 * `parameters.retry_after`), one scripted answer per call ('ok' once the script is used up), and
 * records every request it got.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BotReply = 'ok' | { tooManyRequests: number } | 'chatNotFound' | 'serverError';

export interface BotRequest {
  /** The request path: /bot<token>/sendMessage. */
  path: string;
  body: { chat_id?: unknown; text?: unknown; parse_mode?: unknown } & Record<string, unknown>;
  at: number;
  /** What the server answered. */
  status: number;
}

export interface TestBotApi {
  /** The TELEGRAM_API_URL of this server (no trailing slash). */
  url: string;
  requests: BotRequest[];
  /** Answers for the next calls, in order. */
  script(...replies: BotReply[]): void;
  /** Answers for the next calls whose text contains `needle` (before the general script): a shared database may hold other rows. */
  scriptFor(needle: string, ...replies: BotReply[]): void;
  /** The messages answered with ok (their texts). */
  delivered(): string[];
  close(): Promise<void>;
}

let messageId = 4400;

/** A successful sendMessage answer, the Message as Telegram returns it for a private chat. */
export function okAnswer(chatId: unknown, text: string): unknown {
  messageId += 1;
  return {
    ok: true,
    result: {
      message_id: messageId,
      from: { id: 7093318532, is_bot: true, first_name: 'Exchanger alerts', username: 'exchanger_alerts_bot' },
      chat: { id: Number(chatId), first_name: 'Operator', username: 'operator_on_duty', type: 'private' },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  };
}

export function tooManyRequestsAnswer(seconds: number): unknown {
  return { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } };
}

export const CHAT_NOT_FOUND_ANSWER = { ok: false, error_code: 400, description: 'Bad Request: chat not found' };
export const SERVER_ERROR_ANSWER = { ok: false, error_code: 502, description: 'Bad Gateway' };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the server on a free port of 127.0.0.1; `token` is the only token it accepts (401 otherwise, as Telegram). */
export async function startTestBotApi(token: string): Promise<TestBotApi> {
  const requests: BotRequest[] = [];
  const replies: BotReply[] = [];
  const repliesFor = new Map<string, BotReply[]>();
  const server: Server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      let body: BotRequest['body'] = {};
      try {
        body = JSON.parse(raw) as BotRequest['body'];
      } catch {
        body = {};
      }
      let status = 200;
      let answer: unknown;
      if (request.url !== `/bot${token}/sendMessage`) {
        status = request.url?.startsWith('/bot') ? 401 : 404;
        answer = status === 401 ? { ok: false, error_code: 401, description: 'Unauthorized' } : { ok: false, error_code: 404, description: 'Not Found' };
      } else {
        const text = String(body.text);
        const scripted = [...repliesFor].find(([needle, queue]) => text.includes(needle) && queue.length > 0)?.[1];
        const reply = scripted?.shift() ?? replies.shift() ?? 'ok';
        if (reply === 'ok') answer = okAnswer(body.chat_id, String(body.text));
        else if (reply === 'chatNotFound') [status, answer] = [400, CHAT_NOT_FOUND_ANSWER];
        else if (reply === 'serverError') [status, answer] = [502, SERVER_ERROR_ANSWER];
        else [status, answer] = [429, tooManyRequestsAnswer(reply.tooManyRequests)];
      }
      requests.push({ path: request.url ?? '', body, at: Date.now(), status });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...next) => void replies.push(...next),
    scriptFor: (needle, ...next) => void repliesFor.set(needle, [...(repliesFor.get(needle) ?? []), ...next]),
    delivered: () => requests.filter((r) => r.status === 200).map((r) => String(r.body.text)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh valid-looking bot token (tests check it never reaches a log). */
export function testBotToken(): string {
  const secret = Array.from({ length: 35 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'[Math.floor(Math.random() * 64)]).join('');
  return `${1_000_000 + Math.floor(Math.random() * 8_000_000)}:${secret}`;
}
