import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { Op } from 'sequelize';
import type { CreateOrderResponse } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { writeTransaction } from '../platform/db/transaction';
import { createServerI18n } from '../platform/i18n';
import { createLogger } from '../platform/logger';
import { deadPort } from '../test/smtp';
import { startTestServer, type TestServer } from '../test/server';
import { startAlertJob, type AlertJob } from './job';
import { createAlerts, enqueueAlert, sweepAlerts } from './outbox';
import { startTestBotApi, testBotToken, type TestBotApi } from './testing/telegramServer';

const CHAT_ID = '812345678';

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('telegram alerts: written with the change, sent by the worker through the Bot API', function () {
  this.timeout(30_000);
  const token = testBotToken();
  let bot: TestBotApi;
  let server: TestServer;
  let client: TestClient;
  let direction: TestDirection;
  let job: AlertJob;
  let logDir: string;
  let logFile: string;

  const alertRowsOf = (uid: string) =>
    initModels(server.db.sequelize).AlertOutbox.findAll({ where: { text: { [Op.like]: `%${uid}%` } }, order: [['id', 'ASC']] });
  const messagesAbout = (uid: string) => bot.requests.filter((request) => String(request.body.text).includes(uid));

  async function createOrder(target: TestServer = server, on: TestDirection = direction): Promise<CreateOrderResponse> {
    const response = await new TestClient(target.url).post('/orders', orderRequest(on));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data as CreateOrderResponse;
  }

  const startJob = () => startAlertJob({ sequelize: server.db.sequelize, config: server.config, logger: server.logger, options: { tickMs: 100 } })!;

  /** Runs `work` while the alert job is stopped (so the answers can be scripted for its alert first). */
  async function withJobPaused<T>(work: () => Promise<T>): Promise<T> {
    await job.stop();
    try {
      return await work();
    } finally {
      job = startJob();
    }
  }

  before(async () => {
    bot = await startTestBotApi(token);
    logDir = await mkdtemp(path.join(tmpdir(), 'alerts-log-'));
    logFile = path.join(logDir, 'server.log');
    const logger = createLogger({ logLevel: 'debug', role: 'all' }, pino.destination({ dest: logFile, sync: true }));
    server = await startTestServer(
      { TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: CHAT_ID, TELEGRAM_API_URL: bot.url, ALERT_LANG: 'en', LOG_LEVEL: 'debug' },
      { logger },
    );
    client = new TestClient(server.url);
    direction = await buildDirection(server, { rate: '100.5', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
    // The worker's alert job alone (a test server runs no worker), on a quick tick.
    job = startJob();
  });

  after(async () => {
    await job?.stop();
    await server?.close();
    await bot?.close();
    await rm(logDir, { recursive: true, force: true });
  });

  it('a new order created over HTTP gives exactly one message to the chat, with its uid, amounts and the console link', async () => {
    const created = await client.post('/orders', orderRequest(direction, { amountSend: '2.5' }));
    expect(created.status).to.equal(201);
    const { uid, order } = created.body.data as CreateOrderResponse;
    await waitFor('the alert', () => messagesAbout(uid).find((request) => request.status === 200));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sent = messagesAbout(uid);
    expect(sent).to.have.length(1);
    expect(sent[0]!.path).to.equal(`/bot${token}/sendMessage`);
    expect(sent[0]!.body.chat_id).to.equal(CHAT_ID);
    expect(sent[0]!.body.text).to.equal(
      `New order ${uid}: ${order.amountSend} ${order.from.code} → ${order.amountReceive} ${order.to.code}\n${server.config.publicUrl}/operator`,
    );
    expect(order.amountSend).to.equal('2.5');
    const row = await waitFor('the recorded delivery', async () => (await alertRowsOf(uid)).find((alert) => alert.sentAt !== null));
    expect(row.attempts).to.equal(1);
    expect(row.kind).to.equal('orderCreated');
    expect(JSON.stringify(row.toJSON())).not.to.include(token.split(':')[1]);
  });

  it('an admin switching maintenance on and off over HTTP gives one message for each switch, naming the admin', async () => {
    const admin = await signedInAs(server, 'admin');
    try {
      expect((await admin.request('PUT', '/admin/maintenance', { enabled: true })).status).to.equal(200);
      // The same state again is no switch: no second message.
      expect((await admin.request('PUT', '/admin/maintenance', { enabled: true })).status).to.equal(200);
    } finally {
      expect((await admin.request('PUT', '/admin/maintenance', { enabled: false })).status).to.equal(200);
    }
    const messages = await waitFor('both maintenance messages', () => {
      const found = bot.requests.filter((request) => String(request.body.text).includes(admin.email));
      return found.length >= 2 ? found : null;
    });
    expect(messages.map((request) => String(request.body.text).split('\n')[0])).to.deep.equal([
      `Maintenance mode switched on (${admin.email})`,
      `Maintenance mode switched off (${admin.email})`,
    ]);
    expect(messages.every((request) => String(request.body.chat_id) === CHAT_ID)).to.equal(true);
  });

  it('a 429 answer is retried after its retry_after, then delivered once', async () => {
    const { uid } = await withJobPaused(async () => {
      const created = await createOrder();
      bot.scriptFor(created.uid, { tooManyRequests: 3 });
      return created;
    });
    const delivered = await waitFor('the second attempt', () => messagesAbout(uid).find((request) => request.status === 200), 15_000);
    const attempts = messagesAbout(uid);
    expect(attempts.map((request) => request.status)).to.deep.equal([429, 200]);
    expect(delivered.at - attempts[0]!.at).to.be.at.least(2900);
    // The Bot API has answered 200; the worker records the delivery once that answer is back.
    const row = await waitFor('the recorded delivery', async () => (await alertRowsOf(uid)).find((alert) => alert.sentAt !== null));
    expect(row.attempts).to.equal(2);
    expect(row.sentAt).to.be.instanceOf(Date);
  });

  it('a 400 answer (chat not found) is given up at once and recorded, never retried', async () => {
    const { uid } = await withJobPaused(async () => {
      const created = await createOrder();
      bot.scriptFor(created.uid, 'chatNotFound');
      return created;
    });
    const row = await waitFor('the give-up', async () => (await alertRowsOf(uid)).find((alert) => alert.failedAt !== null));
    expect(row.lastError).to.equal('Telegram 400: Bad Request: chat not found');
    expect(row.attempts).to.equal(1);
    expect(row.sentAt).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messagesAbout(uid).map((request) => request.status)).to.deep.equal([400]);
  });

  it('the staff are alerted when the customer says they paid', async () => {
    const created = await createOrder();
    const orderApi = `/orders/${created.uid}/${created.secret}`;
    expect((await client.post(`${orderApi}/confirm`)).status).to.be.oneOf([200, 201]);
    expect((await client.post(`${orderApi}/paid`)).status).to.be.oneOf([200, 201]);
    await waitFor('the paid alert', () => messagesAbout(created.uid).filter((request) => request.status === 200).length >= 2);
    const texts = messagesAbout(created.uid).map((request) => String(request.body.text));
    expect(texts[1]).to.equal(`The customer reports paying order ${created.uid}: ${created.order.amountSend} ${created.order.from.code}\n${server.config.publicUrl}/operator`);
  });

  it('nothing is sent inside the request: with the Bot API down the order is created, its alert waits and is retried', async () => {
    // The other server's job would send this row on a shared database (MySQL runs): paused meanwhile.
    await job.stop();
    const down = await startTestServer({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: CHAT_ID, TELEGRAM_API_URL: `http://127.0.0.1:${await deadPort()}` });
    try {
      const downDirection = await buildDirection(down);
      const started = Date.now();
      const { uid } = await createOrder(down, downDirection);
      expect(Date.now() - started).to.be.below(5000);
      const rows = await initModels(down.db.sequelize).AlertOutbox.findAll({ where: { text: { [Op.like]: `%${uid}%` } } });
      expect(rows).to.have.length(1);
      expect(rows[0]!.sentAt).to.equal(null);
      expect(rows[0]!.attempts).to.equal(0);
      // The worker's pass, against the dead Bot API: a network error is retried later, with the backoff.
      const ctx = { sequelize: down.db.sequelize, telegram: down.config.alerts.telegram!, logger: down.logger, now: () => new Date() };
      await sweepAlerts(ctx, 1000);
      await rows[0]!.reload();
      expect(rows[0]!.attempts).to.equal(1);
      expect(rows[0]!.failedAt).to.equal(null);
      expect(rows[0]!.lastError).to.match(/^Telegram unreachable/);
      expect(rows[0]!.lastError).not.to.include(token.split(':')[1]);
      expect(rows[0]!.nextAttemptAt.getTime()).to.be.greaterThan(Date.now() + 30_000);
      // Not left for other runs sharing the database.
      await writeTransaction(down.db.sequelize, (transaction) => rows[0]!.destroy({ transaction }));
    } finally {
      await down.close();
      job = startJob();
    }
  });

  it('without a token or chat no alert is written at all', async () => {
    const off = createAlerts({
      sequelize: server.db.sequelize,
      config: { ...server.config, alerts: { telegram: null, lang: 'ru' } },
      i18n: createServerI18n(),
    });
    const written = await writeTransaction(server.db.sequelize, (transaction) => enqueueAlert(off, transaction, { kind: 'ratesStale', directions: 3 }));
    expect(written).to.equal(null);
  });

  it('the bot token never appears in the logs', async () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log).to.include('telegram alert');
    expect(log).not.to.include(token);
    expect(log).not.to.include(token.split(':')[1]);
  });
});
