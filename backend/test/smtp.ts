import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail } from './mail';

export interface Delivered {
  to: string;
  subject: string;
  text: string;
  /** Every link of the HTML part. */
  links: string[];
}

export interface TestSmtp {
  url: string;
  received: Delivered[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port (smtp-server), keeping what it receives. It refuses every
 * recipient whose address starts with `nobody-` with a final 550 (a 5xx refusal).
 */
export async function startSmtp(): Promise<TestSmtp> {
  const received: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('nobody-')) return callback();
      const refusal = new Error('5.1.1 No such user here') as Error & { responseCode: number };
      refusal.responseCode = 550;
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        readMail(Buffer.concat(chunks)).then((mail) => {
          for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject: mail.subject ?? '', text: mail.text ?? '', links: mail.links });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: SMTP "down" (connection refused). */
export async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * An SMTP server that accepts connections and never says a word (a hung relay): `connections`
 * counts them; `close` cuts them, so a send waiting on the greeting fails at once.
 */
export async function startSilentSmtp(): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
