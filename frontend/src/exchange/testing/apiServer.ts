/**
 * A real HTTP server standing in for the backend in component tests: it answers the API
 * envelope for the paths it is given and records every request. Not a mock of our code: the
 * app's own API client talks to it over the network.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  body: unknown;
}

export type Handler = (request: { method: string; path: string; body: unknown; query: URLSearchParams }) => Answer | Promise<Answer>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  /** The query string (without `?`), '' when none. */
  query?: string;
}

export interface TestApi {
  /** Base for `setApiBase`, e.g. http://127.0.0.1:41234/api. */
  base: string;
  requests: RecordedRequest[];
  /** Replaces the answer of `METHOD /path` (path under /api, without the query). */
  on(route: string, handler: Handler | Answer): void;
  close(): Promise<void>;
}

export function ok(data: unknown): Answer {
  return { status: 200, body: { success: true, data } };
}

export function failure(status: number, code: string, message: string, fields?: Record<string, string>): Answer {
  return { status, body: { success: false, error: { code, message, ...(fields ? { fields } : {}) } } };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startTestApi(routes: Record<string, Handler | Answer> = {}): Promise<TestApi> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const [rawPath, rawQuery = ''] = (request.url ?? '/').split('?');
      const path = rawPath.replace(/^\/api/, '');
      const body = await readBody(request);
      const method = request.method ?? 'GET';
      requests.push({ method, path, body, ...(rawQuery ? { query: rawQuery } : {}) });
      const route = table.get(`${method} ${path}`);
      const answer =
        typeof route === 'function' ? await route({ method, path, body, query: new URLSearchParams(rawQuery) }) : (route ?? failure(404, 'not_found', 'Not found'));
      response.writeHead(answer.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api`,
    requests,
    on: (route, handler) => table.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
