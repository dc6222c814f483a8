/**
 * SIGTERM under write load, on the real process (`node --import tsx backend/main.ts`, ROLE=all):
 * new connections are refused at once, requests already taken are answered, the order mails of
 * the load are sent or left in the outbox for the worker, and the process exits 0 in time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { QueryTypes, Sequelize } from 'sequelize';
import { runBackend, type BackendProcess } from './test/process';
import { testStaticDir } from './test/server';

interface Outcome {
  email: string;
  /** The HTTP status, or the connection error's code. */
  status?: number;
  code?: string;
  error?: string;
  /** ms since the test started. */
  at: number;
}

/** main.ts's SHUTDOWN_DEADLINE_MS (importing main.ts would run it). */
const SHUTDOWN_DEADLINE_MS = 10_000;
const LOAD_LOOPS = 24;
const LOAD_BEFORE_SIGNAL_MS = 2500;

function orderBody(email: string): string {
  return JSON.stringify({
    from: 'BTC',
    to: 'USDTTRC20',
    amountSend: '0.01',
    rateType: 'fixed',
    email,
    receiverAccount: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    agreeTerms: true,
  });
}

describe('SIGTERM under write load (ROLE=all)', function () {
  this.timeout(90_000);
  let dataDir: string;
  let running: BackendProcess | undefined;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-shutdown-'));
  });

  after(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses new connections at once, answers the requests it took, keeps every committed order and exits 0 within the deadline', async () => {
    running = runBackend(
      'main.ts',
      [],
      // One trusted proxy hop: each request names its own client IP, so the per-IP order limit never refuses the load.
      { NODE_ENV: 'test', ROLE: 'all', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, STATIC_DIR: testStaticDir(), TRUST_PROXY: '1' },
      dataDir,
    );
    const child = running;
    const listening = await child.waitForLog((line) => line.msg === 'web server listening');
    const port = Number(listening.port);
    const started = Date.now();
    const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_LOOPS });
    let sequence = 0;

    function send(options: { method: string; path: string; body?: string; email?: string; fresh?: boolean }): Promise<Outcome> {
      const number = (sequence += 1);
      const email = options.email ?? '';
      return new Promise((resolve) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: options.method,
            path: options.path,
            agent: options.fresh ? false : agent,
            headers: {
              'content-type': 'application/json',
              lang: 'en',
              'x-forwarded-for': `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`,
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => {
              let error: string | undefined;
              try {
                error = (JSON.parse(text) as { error?: { code: string } }).error?.code;
              } catch {
                error = `unreadable body: ${text.slice(0, 80)}`;
              }
              resolve({ email, status: response.statusCode, error, at: Date.now() - started });
            });
          },
        );
        request.on('error', (failure: NodeJS.ErrnoException) => resolve({ email, code: failure.code ?? failure.message, at: Date.now() - started }));
        request.end(options.body);
      });
    }

    function createOrder(): Promise<Outcome> {
      const email = `load-${sequence + 1}-${Date.now()}@example.test`;
      return send({ method: 'POST', path: '/api/orders', body: orderBody(email), email });
    }

    // The worker publishes the first rates shortly after start-up.
    for (let attempt = 0; ; attempt += 1) {
      const first = await createOrder();
      if (first.status === 201) break;
      expect(attempt, JSON.stringify(first)).to.be.below(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const outcomes: Outcome[] = [];
    let stopLoad = false;
    const loops = Array.from({ length: LOAD_LOOPS }, async () => {
      while (!stopLoad) {
        const outcome = await createOrder();
        outcomes.push(outcome);
        if (outcome.status === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGNAL_MS));
    const createdBeforeSignal = outcomes.filter((outcome) => outcome.status === 201).length;

    const exited = child.exited();
    const signalledAt = Date.now() - started;
    child.child.kill('SIGTERM');
    const probes: Outcome[] = [];
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    while (exitCode === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      probes.push(await send({ method: 'GET', path: '/api/health', fresh: true }));
    }
    const exitedAt = Date.now() - started;
    stopLoad = true;
    await Promise.all(loops);
    agent.destroy();

    expect(exitCode, child.stdout().split('\n').slice(-5).join('\n')).to.equal(0);
    expect(exitedAt - signalledAt).to.be.below(SHUTDOWN_DEADLINE_MS);
    expect(createdBeforeSignal, 'orders created under load before the signal').to.be.above(20);

    // New connections: refused from soon after the signal on (the margin is the signal's way
    // through a busy event loop on a shared machine; it takes ~0.1 s on an idle one).
    const late = probes.filter((probe) => probe.at > signalledAt + 500);
    expect(late.length).to.be.above(0);
    expect(late.filter((probe) => probe.code !== 'ECONNREFUSED'), 'connections accepted after the signal').to.deep.equal([]);

    // Every answer is a proper one: the order, or a 503 envelope refusing it during shutdown.
    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    const improper = answered.filter((outcome) => outcome.status !== 201 && !(outcome.status === 503 && outcome.error === 'service_unavailable'));
    expect(improper, 'improper answers').to.deep.equal([]);

    // What the database holds after the exit: every order answered 201, and no order whose request failed.
    const database = new Sequelize({ dialect: 'sqlite', storage: path.join(dataDir, 'app.sqlite'), logging: false });
    try {
      const rows = await database.query<{ email: string; sent: number; claimed: number }>(
        `SELECT o.email AS email, m.sentAt IS NOT NULL AS sent, m.lockedUntil IS NOT NULL AS claimed
           FROM orders o LEFT JOIN order_mails m ON m.orderId = o.id`,
        { type: QueryTypes.SELECT },
      );
      const stored = new Set(rows.map((row) => row.email));
      const created = outcomes.filter((outcome) => outcome.status === 201);
      expect(created.filter((outcome) => !stored.has(outcome.email)), 'answered 201 but not stored').to.deep.equal([]);
      const failed = outcomes.filter((outcome) => outcome.status === undefined || outcome.status >= 500);
      expect(failed.filter((outcome) => stored.has(outcome.email)), 'stored but the client got no answer or a refusal').to.deep.equal([]);
      // Each order's mail was sent, or left unclaimed in the outbox for the next worker pass.
      expect(rows.filter((row) => !row.sent && row.claimed), 'mails left claimed by the stopped process').to.deep.equal([]);
    } finally {
      await database.close();
    }
  });
});
