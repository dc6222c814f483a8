/**
 * A local stand-in for a rate source in tests: a `node:http` server on 127.0.0.1 that answers
 * each request with what the test's handler says — a recorded payload, an error, or nothing.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureReply {
  status?: number;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

/** `no-answer` never sends a byte; `stalled-body` sends the headers and part of a body, then stops. */
export type FixtureBehaviour = FixtureReply | 'no-answer' | 'stalled-body';

export interface FixtureServer {
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** Every request's headers, in the same order. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

const FIXTURES = new URL('../fixtures/', import.meta.url);

export function readFixture(name: string): Buffer {
  return readFileSync(new URL(name, FIXTURES));
}

export function jsonFixture(name: string, status = 200, headers: Record<string, string> = {}): FixtureReply {
  return { status, headers: { 'content-type': 'application/json;charset=UTF-8', ...headers }, body: readFixture(name) };
}

export async function startFixtureServer(behaviour: (url: URL) => FixtureBehaviour): Promise<FixtureServer> {
  const requests: URL[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    headers.push(request.headers);
    const reply = behaviour(url);
    if (reply === 'no-answer') return;
    if (reply === 'stalled-body') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('[{"symbol":"BTCUSDT",');
      return;
    }
    response.writeHead(reply.status ?? 200, reply.headers);
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on: connecting to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
