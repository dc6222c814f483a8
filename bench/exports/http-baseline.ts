/**
 * Bench child: the baseline of the exports bench. A bare `node:http` server on 127.0.0.1 serving
 * the same prebuilt bytes the real server answered with in each coding (the harness fetched them),
 * with the same content type, content encoding, ETag, Last-Modified, Vary and Cache-Control, and
 * nothing else. The coding is the request's Accept-Encoding as it is (the harness sends `br`,
 * `gzip` or `identity`): no negotiation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runChild, serveParent, tell } from '../lib/child';

export interface PrebuiltFile {
  path: string;
  /** The Accept-Encoding it is served to. */
  coding: string;
  /** Base64 of the body. */
  body: string;
  headers: Record<string, string>;
}

async function main(): Promise<void> {
  const files = new Map<string, { body: Buffer; headers: Record<string, string | number> }>();
  const server = createServer((req, res) => {
    const file = files.get(`${req.url ?? ''} ${req.headers['accept-encoding'] ?? 'identity'}`);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, file.headers);
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serveParent((message) => {
    if (message.type === 'files') {
      for (const file of message.files as PrebuiltFile[]) {
        const body = Buffer.from(file.body, 'base64');
        files.set(`${file.path} ${file.coding}`, { body, headers: { ...file.headers, 'content-length': body.length } });
      }
      tell({ type: 'files', count: files.size });
    }
    if (message.type === 'status') {
      const cpu = process.cpuUsage();
      tell({ type: 'status', cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  tell({ type: 'ready', port: (server.address() as AddressInfo).port });
}

runChild(main);
