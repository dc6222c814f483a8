/**
 * Bench child: the baseline of the order creation bench — a bare Koa app whose one route reads
 * the JSON body of `POST /api/orders` and answers 201 with prebuilt JSON of the same size as the
 * real answer (the harness sends it), and nothing else: no database, no session, no validation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { runChild, serveParent, tell } from '../lib/child';

async function main(): Promise<void> {
  let answer = Buffer.from('{}');
  const app = new Koa();
  app.use(async function bareOrder(ctx) {
    if (ctx.method !== 'POST' || ctx.path !== '/api/orders') return;
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    ctx.status = 201;
    ctx.type = 'application/json';
    ctx.body = answer;
  });
  const http = createServer(app.callback());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  serveParent((message) => {
    if (message.type === 'answer') {
      answer = Buffer.from(String(message.body), 'utf8');
      tell({ type: 'answer', bytes: answer.length });
    }
    if (message.type === 'status') {
      const cpu = process.cpuUsage();
      tell({ type: 'status', cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  tell({ type: 'ready', port: (http.address() as AddressInfo).port });
}

runChild(main);
