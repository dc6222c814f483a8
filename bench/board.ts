/**
 * `npm run bench:board` (issue 12, docs/benchmarks.md "Issue 12: the order board"): seeds
 * --orders (100,000) orders by bulk insert — a mix of statuses, directions and assignment — into
 * the embedded SQLite (or the MariaDB of DATABASE_URL), then measures p50/p99 of the board's list
 * through the real HTTP app (signed-in operator) against the same SELECT as raw SQL in the same
 * run, and prints the ratio and the query plans (EXPLAIN). The HTTP client runs in a process of its
 * own (bench/board/client.ts: its inflate and JSON.parse stay off the server's event loop); the raw
 * SQL runs here, in the server's process, on the server's own connection pool, with the statement
 * the request logged (same SQL, same values). The measures alternate in rounds, so that a noisy
 * neighbour weighs on all of them alike. The floor: the signed-in session route answering the
 * list's own page (same bytes, same serialization and compression, no list query).
 *
 * Run: npm run bench:board [-- --orders 100000 --requests 300 --profile board.cpuprofile]
 * `--profile FILE`: after the measures, a CPU profile of this process (the server's) while the
 * client sends 1,000 list requests alone, written to FILE (open it in Chrome's DevTools).
 * MariaDB: DATABASE_URL=mysql://root@127.0.0.1:3306/test npm run bench:board
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { QueryTypes } from 'sequelize';
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from '../backend/platform/http/compress';
import { startChild } from './lib/child';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '100000' }, requests: { type: 'string', default: '300' }, profile: { type: 'string' } },
});
const ORDERS = Number(values.orders);
const REQUESTS = Number(values.requests);
if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

const { startTestServer } = await import('../backend/test/server');
const { signedInAs } = await import('../backend/console/testing');

const STATUSES = ['new', 'new', 'new', 'progress', 'done', 'done', 'done', 'done', 'hold', 'warning', 'error', 'returned', 'deleted', 'deleted'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const uid = () => [...randomBytes(10)].map((byte) => CROCKFORD[byte & 31]).join('');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const server = await startTestServer();
const sequelize = server.db.sequelize;
const dialect = sequelize.getDialect();
const operators = [await signedInAs(server, 'operator'), await signedInAs(server, 'operator'), await signedInAs(server, 'operator')];
const prefix = `B${randomBytes(2).toString('hex').toUpperCase()}`;
const codes = ['BTC', 'USDT', 'CARD', 'ETH', 'CASH'].map((code) => `${prefix}${code}`);
const directions = codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => [from, to] as const));

const seedStart = performance.now();
const now = Date.now();
const CHUNK = 500;
const emails: string[] = [];
for (let start = 0; start < ORDERS; start += CHUNK) {
  const rows = [];
  for (let i = start; i < Math.min(ORDERS, start + CHUNK); i += 1) {
    const [from, to] = directions[i % directions.length]!;
    const email = `bench-${prefix}-${i % 20_000}@example.test`.toLowerCase();
    if (i % 1000 === 0) emails.push(email);
    const at = new Date(now - (ORDERS - i) * 30_000);
    rows.push({
      uid: uid(),
      secretHash: 'x'.repeat(64),
      secretSealed: 'x',
      userId: null,
      lang: 'ru',
      email,
      fromCode: from,
      toCode: to,
      rateType: i % 3 ? 'fixed' : 'float',
      rate: '100',
      amountSend: String(1 + (i % 997) / 100),
      amountReceive: String(100 + (i % 997)),
      status: STATUSES[i % STATUSES.length],
      version: 1,
      manual: false,
      cardCheck: 'not_required',
      senderAccount: `acct-${i}`,
      receiverAccount: `4111 1111 1111 ${String(i % 10_000).padStart(4, '0')}`,
      extra: '{}',
      assignedTo: i % 4 === 0 ? operators[i % 3]!.userId : null,
      createdAt: at,
      updatedAt: at,
    });
  }
  await sequelize.getQueryInterface().bulkInsert('orders', rows);
}
const seedMs = performance.now() - seedStart;
if (dialect === 'sqlite') await sequelize.query('ANALYZE');
else await sequelize.query('ANALYZE TABLE orders');

const [from] = directions[0]!;
const client = operators[0]!;
const email = emails[3]!;
const q = (sql: string) => sequelize.getQueryInterface().quoteIdentifiers(sql);
const listSql = `SELECT * FROM ${q('orders')} WHERE ${q('status')} = 'hold' AND ${q('fromCode')} = '${from}' ORDER BY ${q('id')} DESC LIMIT 51`;
const searchSql = `SELECT * FROM ${q('orders')} WHERE (${q('uid')} = '${email.toUpperCase()}' OR ${q('email')} = '${email}' OR ${q('senderAccount')} = '${email}' OR ${q('receiverAccount')} = '${email}' OR ${q('refundAddress')} = '${email}') ORDER BY ${q('id')} DESC LIMIT 51`;

/**
 * Every SQL statement one HTTP request of `path` sends (Sequelize inlines the values of its SELECTs),
 * captured through the connection's logging during one request.
 */
async function statementsOf(path: string): Promise<string[]> {
  const statements: string[] = [];
  const options = (sequelize as unknown as { options: { logging?: unknown } }).options;
  const logging = options.logging;
  options.logging = (sql: string) => statements.push(sql.replace(/^Executing \([^)]*\): /, ''));
  try {
    const response = await client.get(path);
    if (response.status !== 200) throw new Error(`status ${response.status}`);
  } finally {
    options.logging = logging;
  }
  return statements;
}

const listPath = `/operator/orders?status=hold&from=${from}`;
// The first signed-in request after the sign-in reads the account (accounts/accountCache.ts); the
// statements captured are those of a request after it, as every later list request sends them.
await client.get(listPath);
const listStatements = await statementsOf(listPath);

// The page's own SELECT (the one that reads `orders`), as the request sends it.
const pageSql = listStatements.find((sql) => sql.includes('FROM `orders`') || sql.includes('FROM "orders"'))!;

/**
 * The floor: a signed-in Koa request that answers the list's own bytes. The real session route
 * (`/user/auth/session/get`: cookie, session, account) runs, then this middleware — spliced in just
 * before the API's routes of a second callback of the same app, for requests carrying
 * `x-bench-bytes` only — swaps its answer for the list's last page (`respond`'s envelope), so the
 * same JSON.stringify, compression and headers follow. Nothing of it is in the server's code.
 * Every request's time inside the server (arrival → last byte handed to the socket) is recorded.
 */
const pageData = (await client.get(listPath)).body.data as unknown;
const serverTimes = new Map<string, number[]>();
{
  const app = server.app;
  const benchBytes = async (ctx: { get(name: string): string; body: unknown }, next: () => Promise<void>) => {
    await next();
    if (ctx.get('x-bench-bytes')) ctx.body = { success: true, data: pageData };
  };
  const apiIndex = app.middleware.length - 3; // api.routes(), unmatchedApi(), spa()
  const middleware = [...app.middleware];
  app.middleware.splice(apiIndex, 0, benchBytes as never);
  const withBytes = app.callback();
  app.middleware.splice(0, app.middleware.length, ...middleware);
  const listeners = server.httpServer.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.httpServer.removeAllListeners('request');
  server.httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const start = performance.now();
    const label = String(req.headers['x-bench-label'] ?? '');
    if (label) res.once('finish', () => serverTimes.get(label)?.push(performance.now() - start) ?? serverTimes.set(label, [performance.now() - start]));
    if (req.headers['x-bench-bytes']) return void withBytes(req, res);
    for (const listener of listeners) listener.call(server.httpServer, req, res);
  });
}

const clientChild = startChild('board-client', 'board/client.ts', { BENCH_BASE_URL: server.url, BENCH_COOKIE: client.cookieHeader() });
await clientChild.receive('ready', 30_000);

interface Measure {
  label: string;
  /** One batch of `count` runs; returns the time of each (ms). */
  batch(count: number): Promise<number[]>;
}

/** `count` requests of `path` sent by the client process, timed there (first byte → body parsed). */
function http(label: string, path: string, headers: Record<string, string> = {}): Measure {
  return {
    label,
    async batch(count) {
      const answer = await clientChild.ask<{ type: string; times: number[] }>({ type: 'run', path, count, headers: { ...headers, 'x-bench-label': label } }, 'times', 120_000);
      return answer.times;
    },
  };
}

/** `count` runs of `run` in this process (the server's: same pool, same event loop). */
function local(label: string, run: () => Promise<unknown>): Measure {
  return {
    label,
    async batch(count) {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      return times;
    },
  };
}

const listHttp = http(`HTTP GET /api/operator/orders?status=hold&from=${from} (client in its own process)`, listPath);
const sameRaw = local('the same query, raw: the SELECT the request sends (orders + joins), server process', () => sequelize.query(pageSql, { type: QueryTypes.SELECT }));
const plainRaw = local('raw SELECT * of the same filter, no joins', () => sequelize.query(listSql, { type: QueryTypes.SELECT }));
const allRaw = local(`every statement the list sends (${listStatements.length}), raw, one after another`, async () => {
  for (const sql of listStatements) await sequelize.query(sql, { type: QueryTypes.SELECT });
});
const sessionHttp = http('HTTP GET /api/user/auth/session/get (a signed-in request, no query of its own)', '/user/auth/session/get');
const bytesHttp = http('HTTP floor: signed-in session route answering the list page\'s bytes (no list query)', '/user/auth/session/get', { 'x-bench-bytes': '1' });
const searchHttp = http(`HTTP GET /api/operator/orders?q=<e-mail>`, `/operator/orders?q=${encodeURIComponent(email)}`);
const searchRaw = local('raw SQL of the same search (5 index seeks, then the page)', async () => {
  const ids = new Set<number>();
  for (const column of ['uid', 'email', 'senderAccount', 'receiverAccount', 'refundAddress']) {
    const value = column === 'uid' ? email.toUpperCase() : email;
    const rows = await sequelize.query<{ id: number }>(`SELECT ${q('id')} FROM ${q('orders')} WHERE ${q(column)} = ?`, { replacements: [value], type: QueryTypes.SELECT });
    for (const row of rows) ids.add(row.id);
  }
  await sequelize.query(`SELECT * FROM ${q('orders')} WHERE ${q('id')} IN (${[...ids].join(',') || 'NULL'}) ORDER BY ${q('id')} DESC LIMIT 51`, { type: QueryTypes.SELECT });
});
const measures = [listHttp, sameRaw, plainRaw, allRaw, sessionHttp, bytesHttp, searchHttp, searchRaw];

// Interleaved: ROUNDS rounds, each a batch of every measure, so that a noisy neighbour on the
// machine weighs on all of them alike; 20 warm-up runs of each first.
const ROUNDS = 6;
const collected = new Map<Measure, number[]>(measures.map((measure) => [measure, []]));
for (const measure of measures) await measure.batch(20);
serverTimes.clear();
for (let round = 0; round < ROUNDS; round += 1) {
  const count = Math.ceil(REQUESTS / ROUNDS);
  for (const measure of measures) collected.get(measure)!.push(...(await measure.batch(count)));
}
if (values.profile) {
  // The server's side of the list alone: 1,000 list requests under the V8 profiler of this process.
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  const measured = serverTimes.get(listHttp.label)?.length ?? 0;
  await inspector.post('Profiler.start');
  await listHttp.batch(1000);
  serverTimes.get(listHttp.label)?.splice(measured); // the profiled requests are not in the figures
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(values.profile, JSON.stringify(profile));
  inspector.disconnect();
}
await clientChild.stop();

function summary(label: string, times: number[]): { label: string; p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { label, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
const [list, same, plain, all, floor, bytes, search, searchSql2] = measures.map((measure) => summary(measure.label, collected.get(measure)!));
const inServer = (measure: Measure) => summary(`  …of which inside the server (arrival → last byte written)`, serverTimes.get(measure.label) ?? [0]);
const results = [list, inServer(listHttp), same, plain, all, floor, bytes, inServer(bytesHttp), search, searchSql2];
const ratio = (a: { p50: number; p99: number }, b: { p50: number; p99: number }) => `p50 ${(a.p50 / b.p50).toFixed(2)}×  p99 ${(a.p99 / b.p99).toFixed(2)}×`;

const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
const plans = [];
for (const sql of [pageSql, `SELECT ${q('id')} FROM ${q('orders')} WHERE ${q('email')} = '${email}'`, searchSql]) plans.push(await sequelize.query(explain + sql, { type: QueryTypes.SELECT }));

console.log(`order board bench on ${dialect}: ${ORDERS} orders seeded in ${(seedMs / 1000).toFixed(1)} s, ${REQUESTS} requests each (sequential, after 20 warm-up, interleaved in ${ROUNDS} rounds; HTTP client in its own process)`);
for (const result of results) console.log(`${result.label.padEnd(90)} p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`);
console.log(`ratio list HTTP / the same query raw (target p99 ≤ 1.5×): ${ratio(list, same)}`);
console.log(`ratio list HTTP / raw SELECT * without joins:             ${ratio(list, plain)}`);
console.log(`ratio list HTTP / all its statements raw:                  ${ratio(list, all)}`);
console.log(`ratio floor HTTP / the same query raw:                     ${ratio(floor, same)}`);
console.log(`ratio floor with the page's bytes / the same query raw:  ${ratio(bytes, same)}`);
console.log(`ratio list HTTP / (floor with the bytes + query raw):   ${ratio(list, { p50: bytes.p50 + same.p50, p99: bytes.p99 + same.p99 })}`);
console.log(`ratio search HTTP / its SQL raw:                           ${ratio(search, searchSql2)}`);
{
  // What the compression of the page's answer costs and saves, at the server's setting and two others.
  const json = Buffer.from(JSON.stringify({ success: true, data: pageData }));
  const coders: Array<[string, () => Buffer]> = [
    [`br q${DYNAMIC_BROTLI_QUALITY} (the server's)`, () => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } })],
    ['br q4 (before session 8)', () => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })],
    [`gzip ${DYNAMIC_GZIP_LEVEL} (the server's)`, () => gzipSync(json, { level: DYNAMIC_GZIP_LEVEL })],
    ['gzip 6 (before session 8)', () => gzipSync(json, { level: 6 })],
  ];
  const line = [`list answer: ${json.length} bytes of JSON`];
  for (const [name, code] of coders) {
    for (let i = 0; i < 20; i += 1) code();
    const start = performance.now();
    let size = 0;
    for (let i = 0; i < 100; i += 1) size = code().length;
    line.push(`${name} ${size} B in ${((performance.now() - start) / 100).toFixed(2)} ms`);
  }
  console.log(line.join('; '));
}
console.log('the list request sends:');
for (const sql of listStatements) console.log(`  ${sql.length > 220 ? `${sql.slice(0, 220)}…` : sql}`);
console.log('plans:');
for (const plan of plans) console.log(JSON.stringify(plan));

// Shared MariaDB: take the seeded rows away again.
if (dialect !== 'sqlite') await sequelize.query(`DELETE FROM ${q('orders')} WHERE ${q('fromCode')} LIKE '${prefix}%'`);
await server.close();
process.exit(0);
