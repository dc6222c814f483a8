/**
 * `npm run bench:partner-api` (issue 15, docs/benchmarks.md "Partner API"): signed `rate` calls
 * against the same method handler unsigned, in one run, on the embedded SQLite (or the MariaDB of
 * DATABASE_URL), with the load client in a process of its own (bench/partnerApi/client.ts).
 *
 *  - signed: the server's own route, untouched — `POST /api/service/api/v1/rate` with a fresh,
 *    per-key increasing `time` each call (key + owner read, secret opened, hash checked, nonce
 *    UPDATE, per-key rate limit, schema, handler). The per-key limit (300 a minute) is real, so the
 *    calls spread over several keys of several users.
 *  - unsigned: a bench-only route spliced into the same Koa app at the signed route's place (after
 *    the same middleware: logger, metrics, headers, lang, compression, error handler), running the
 *    same `rate` method (createApiMethods, a domain context built like the app's) with the same
 *    params and the same caller, from the same raw bytes — without the signature, key, nonce and
 *    rate-limit checks. The client sends identical requests (body, apikey, hash) to both.
 *  The two alternate in rounds so a noisy neighbour weighs on both alike; req/s is count / wall time
 *  of a round at a fixed concurrency.
 *
 * Timing signal: p50 of refused calls — a forged hash with a real key, a forged hash with an unknown
 * key, and a correct hash over a body without `time` (the signature check alone, then 400) — one at
 * a time, interleaved.
 *
 * Then the signed path's own steps (key read, secret opened, hash, nonce UPDATE) one at a time in
 * the server's process.
 *
 * Run: npm run bench:partner-api [-- --requests 500 --rounds 6 --concurrency 8]
 * MariaDB: DATABASE_URL=mysql://root@127.0.0.1:3306/test npm run bench:partner-api
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ValidationError as SchemaValidationError } from 'yup';
import { startChild } from './lib/child';
import { distribution, machine, ms, ratio, table } from './lib/stats';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '500' }, rounds: { type: 'string', default: '6' }, concurrency: { type: 'string', default: '8' }, signal: { type: 'string', default: '300' } },
});
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const SIGNAL = Number(values.signal);
if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

const { startTestServer } = await import('../backend/test/server');
const { signedInAs } = await import('../backend/console/testing');
const { buildDirection, testOrdersContext } = await import('../backend/orders/testing');
const { createApiKey } = await import('../backend/partnerApi/testing');
const { createApiMethods } = await import('../backend/partnerApi/methods/all');
const { createReferralContext } = await import('../backend/referral/context');
const { createWithdrawalsContext } = await import('../backend/ledger/withdrawals/context');
const { createCatalogueCache } = await import('../backend/catalogue/cache');
const { initModels } = await import('../backend/models');
const { plainInput } = await import('../backend/platform/http/plainInput');
const { respond } = await import('../backend/platform/http/respond');
const { clientIp } = await import('../backend/platform/security/rateLimit');
const { PARTNER_API_PREFIX, MAX_API_KEYS } = await import('../common/partnerApi');

const server = await startTestServer();
const dialect = server.db.sequelize.getDialect();
const direction = await buildDirection(server, { rate: '100', min: '0.01', max: '1000', to: { type: 'fiat', reserve: '100000000' } });
const params = { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1' };

// Keys: the per-key limit is 300 calls a minute; every key takes at most a fraction of it.
const signedCalls = (ROUNDS + 1) * REQUESTS;
const keyCount = Math.max(CONCURRENCY, Math.ceil(signedCalls / 150));
const keys: { apiKey: string; secret: string }[] = [];
while (keys.length < keyCount) {
  const owner = await signedInAs(server, 'user');
  for (let i = 0; i < MAX_API_KEYS && keys.length < keyCount; i += 1) keys.push(await createApiKey(owner));
}
const models = initModels(server.db.sequelize);
const firstKey = (await models.ApiKey.findOne({ where: { publicKey: keys[0]!.apiKey } }))!;

// The unsigned route: the same `rate` method, same params and caller, no signature/key/nonce checks.
const UNSIGNED_PATH = '/bench/unsigned/rate';
const methods = createApiMethods({
  orders: testOrdersContext(server),
  referral: createReferralContext({ sequelize: server.db.sequelize, kv: server.kv, config: server.config }),
  withdrawals: createWithdrawalsContext({ sequelize: server.db.sequelize, kv: server.kv, rates: server.rates, mailer: server.services.mailer, logger: server.logger, config: server.config }),
  catalogue: createCatalogueCache({ db: server.db }),
  maintenance: { isOn: async () => false },
});
const rateMethod = methods.find((method) => method.name === 'rate')!;
{
  type Ctx = Parameters<typeof respond>[0] & { method: string; path: string; req: IncomingMessage; state: { t: never; lang: string } };
  const unsignedRate = async (ctx: Ctx, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || ctx.path !== UNSIGNED_PATH) return next();
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) chunks.push(chunk);
    const { time: _time, ...rest } = plainInput(JSON.parse(Buffer.concat(chunks).toString('utf8'))) as Record<string, unknown>;
    let validated: unknown;
    try {
      validated = await rateMethod.schema!.validate(rest, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      if (error instanceof SchemaValidationError) throw new Error('bench: invalid params');
      throw error;
    }
    const caller = { keyId: firstKey.id, apiKey: firstKey.publicKey, userId: firstKey.userId, allowWithdrawals: false, callbackUrl: null, ip: clientIp(ctx as never) };
    respond(ctx, await rateMethod.handle({ caller, params: validated, t: ctx.state.t, lang: ctx.state.lang, http: ctx as never }));
  };
  const app = server.app;
  // app.use order ends with: signedApiRoutes, api.routes(), unmatchedApi(), spa() (backend/app.ts).
  app.middleware.splice(app.middleware.length - 4, 0, unsignedRate as never);
  const callback = app.callback();
  server.httpServer.removeAllListeners('request');
  server.httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => void callback(req, res));
}

const client = startChild('partner-api-client', 'partnerApi/client.ts', { BENCH_BASE_URL: server.url });
await client.receive('ready', 30_000);

interface Batch {
  times: number[];
  wallMs: number;
}
const SIGNED_PATH = `${PARTNER_API_PREFIX}/rate`;
const run = (path: string, count: number, extra: Record<string, unknown> = {}, useKeys = keys): Promise<Batch> =>
  client.ask<{ type: string; times: number[]; wallMs: number; [field: string]: unknown }>({ type: 'run', path, count, concurrency: CONCURRENCY, keys: useKeys, params, status: 200, ...extra }, 'times', 300_000);

// Warm-up: both paths once over.
await run(SIGNED_PATH, REQUESTS);
await run(UNSIGNED_PATH, REQUESTS);

const signed: Batch[] = [];
const unsigned: Batch[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  // Alternate which goes first, so neither always follows the other.
  if (round % 2 === 0) {
    signed.push(await run(SIGNED_PATH, REQUESTS));
    unsigned.push(await run(UNSIGNED_PATH, REQUESTS));
  } else {
    unsigned.push(await run(UNSIGNED_PATH, REQUESTS));
    signed.push(await run(SIGNED_PATH, REQUESTS));
  }
}

// Timing signal: refused calls one at a time (the per-key limit counts only accepted signatures).
const unknownKey = { apiKey: randomBytes(keys[0]!.apiKey.length / 2).toString('hex').slice(0, keys[0]!.apiKey.length), secret: randomBytes(32).toString('hex') };
const signal = { realForged: [] as number[], unknownForged: [] as number[], correctNoTime: [] as number[] };
const oneKey = [keys[0]!];
for (let round = 0; round < 6; round += 1) {
  const count = Math.ceil(SIGNAL / 6);
  signal.realForged.push(...(await run(SIGNED_PATH, count, { variant: 'forged', status: 401, concurrency: 1 }, oneKey)).times);
  signal.unknownForged.push(...(await run(SIGNED_PATH, count, { variant: 'forged', status: 401, concurrency: 1 }, [unknownKey])).times);
  signal.correctNoTime.push(...(await run(SIGNED_PATH, count, { variant: 'noTime', status: 400, concurrency: 1 }, oneKey)).times);
}
await client.stop();

// The signed path's own steps, one at a time in this (the server's) process, on a spare key: what
// the signed call adds to the handler, step by step.
const { signBody, signatureMatches } = await import('../backend/partnerApi/signature');
const { loadKey } = await import('../backend/partnerApi/keyCache');
const { appSecretKeys, openWithAny } = await import('../backend/platform/security/secretBox');
const { apiKeySealContext } = await import('../backend/partnerApi/models/ApiKey');
const { Op } = await import('sequelize');
const spare = await createApiKey(await signedInAs(server, 'user'));
const secretKeys = appSecretKeys(server.config);
const body = JSON.stringify({ ...params, time: Date.now() });
let nonce = Date.now();
const steps: Array<[string, () => Promise<unknown> | unknown]> = [
  ['key + owner read (keyCache.ts loadKey, one SELECT: a cache miss)', () => loadKey(models, spare.apiKey)],
  ['secret opened (secretBox)', () => openWithAny(firstKey.secretSealed, secretKeys, { context: apiKeySealContext(firstKey.publicKey) })],
  ['hash computed and compared', () => signatureMatches(signBody(body, spare.secret), signBody(body, spare.secret))],
  [
    'nonce: the conditional UPDATE (a commit)',
    () => models.ApiKey.update({ lastNonce: String((nonce += 1)), lastUsedAt: new Date() }, { where: { publicKey: spare.apiKey, deletedAt: null, [Op.or]: [{ lastNonce: null }, { lastNonce: { [Op.lt]: nonce } }] } }),
  ],
];
const stepTimes = new Map(steps.map(([label]) => [label, [] as number[]]));
for (let round = 0; round < 6; round += 1) {
  for (const [label, step] of steps) {
    for (let i = 0; i < 50; i += 1) {
      const start = performance.now();
      await step();
      if (round > 0) stepTimes.get(label)!.push(performance.now() - start);
    }
  }
}

const rps = (batches: Batch[]) => batches.reduce((sum, batch) => sum + batch.times.length, 0) / (batches.reduce((sum, batch) => sum + batch.wallMs, 0) / 1000);
const signedDist = distribution(signed.flatMap((batch) => batch.times));
const unsignedDist = distribution(unsigned.flatMap((batch) => batch.times));
const perRound = signed.map((batch, index) => batch.times.length / batch.wallMs / (unsigned[index]!.times.length / unsigned[index]!.wallMs));

console.log(`partner API bench on ${dialect} (${machine()}): rate ${direction.from}→${direction.to}, ${ROUNDS} rounds × ${REQUESTS} calls each way at concurrency ${CONCURRENCY} (after ${REQUESTS} warm-up each), ${keys.length} keys; client in its own process`);
console.log(
  table([
    ['', 'req/s', 'p50', 'p99'],
    [`signed   POST ${SIGNED_PATH}`, rps(signed).toFixed(0), ms(signedDist.p50), ms(signedDist.p99)],
    [`unsigned POST ${UNSIGNED_PATH} (same rate handler, bench-only)`, rps(unsigned).toFixed(0), ms(unsignedDist.p50), ms(unsignedDist.p99)],
  ]),
);
console.log(`signed / unsigned req/s: ${ratio(rps(signed) / rps(unsigned))} (target ≥ 0.80x); per round: ${perRound.map((value) => value.toFixed(2)).join(' ')}`);
const [real, unknown, correct] = [signal.realForged, signal.unknownForged, signal.correctNoTime].map(distribution);
console.log(
  `timing signal, p50 of refused calls one at a time (${signal.realForged.length} each): forged hash, real key ${ms(real!.p50)}; forged hash, unknown key ${ms(unknown!.p50)}; correct hash, no time (the check alone, then 400) ${ms(correct!.p50)}`,
);
console.log(`the signed path's steps, one at a time in the server's process (p50 / p99 of ${stepTimes.get(steps[0]![0])!.length}):`);
for (const [label, times] of stepTimes) {
  const stats = distribution(times);
  console.log(`  ${label.padEnd(52)} ${stats.p50.toFixed(3)} ms / ${stats.p99.toFixed(3)} ms`);
}
await server.close();
process.exit(0);
