import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (fetch() would decompress them). */
  body: Buffer;
}

/** A request whose answer is read as sent: no decompression, headers as they are. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The body of a raw answer decoded by its Content-Encoding (br, gzip or none). */
export function decodeBody(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  if (coding === undefined) return answer.body;
  throw new Error(`unexpected Content-Encoding ${coding}`);
}
