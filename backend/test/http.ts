import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface ListeningApp {
  url: string;
  close(): Promise<void>;
}

/** Serves a Koa app on a free local port (for tests of middlewares on a bare app). */
export function listenApp(app: Koa<any, any>): Promise<ListeningApp> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A JSON request to the API with the given language. */
export function jsonRequest(method: string, body: string, lang = 'en'): RequestInit {
  return { method, body, headers: { 'content-type': 'application/json', lang } };
}
