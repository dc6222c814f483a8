import { expect } from 'chai';
import { WEBHOOK_DELIVERIES_PAGE, type CreatedApiKey, type PartnerOrderDto, type WebhookDeliveryDto } from '../../../common/partnerApi';
import { TestClient } from '../../accounts/testing';
import { signedInAs } from '../../console/testing';
import { initModels } from '../../models';
import { buildDirection, type TestDirection } from '../../orders/testing';
import { settleMails } from '../../platform/outbox/delivery';
import { startTestServer, type TestServer } from '../../test/server';
import { createApiKey, nextTime, signedCall } from '../testing';
import { startWebhookReceiver, type ReceiverReply, type WebhookReceiver } from '../testing/webhookReceiver';
import { startWebhookJob } from './job';
import { createWebhooks, orderEventId, sweepWebhooks, WEBHOOK_RETRY_DELAYS_MS, type Webhooks } from './outbox';

/**
 * Partner webhooks end to end: orders made through the real signed call, their status changed by
 * the partner (order_cancel) or an operator over HTTP, the webhooks POSTed to a real local
 * receiver that verifies the signature and de-duplicates on eventId; retries driven by the sweep
 * with a moved clock. The server allows private callback URLs (the receiver is on 127.0.0.1);
 * the send-time refusal is checked with a sender that does not.
 */
describe('partner API webhooks (backend/partnerApi/webhooks)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let direction: TestDirection;
  let receiver: WebhookReceiver;
  let operator: TestClient;
  const models = () => initModels(server.db.sequelize);

  before(async () => {
    server = await startTestServer({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    direction = await buildDirection(server, { rate: '100', min: '0.01', max: '50', to: { type: 'fiat', reserve: '6000' } });
    receiver = await startWebhookReceiver();
    operator = await signedInAs(server, 'operator');
  });

  after(async () => {
    await receiver.close();
    await server.close();
  });

  /** A partner with a key whose callback URL is the receiver's `path`. */
  let hooks = 0;
  async function partner(path = `/hook-${(hooks += 1)}`) {
    const owner = await signedInAs(server, 'user');
    const key = await createApiKey(owner);
    receiver.trust(key.apiKey, key.secret);
    const patched = await owner.request('PATCH', `/user/api-keys/${key.apiKey}`, { callbackUrl: `${receiver.url}${path}` });
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    const call = (method: string, body: Record<string, unknown> = {}) => signedCall(server, key, method, { ...body, time: nextTime() });
    return { owner, key, call, path };
  }

  async function createOrder(call: (method: string, body?: Record<string, unknown>) => ReturnType<typeof signedCall>, extra: Record<string, unknown> = {}): Promise<PartnerOrderDto> {
    const made = await call('order_create', { from: direction.from, to: direction.to, rateType: 'fixed', amountSend: '1', email: 'client@example.test', receiverAccount: '4111111111111111', ...extra });
    expect(made.status, JSON.stringify(made.body)).to.equal(200);
    return made.body.data as PartnerOrderDto;
  }

  async function operatorAction(uid: string, action: string): Promise<void> {
    const answer = await operator.post(`/operator/orders/${uid}/${action}`, {});
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  }

  /**
   * An API order whose status the operator changed (`actions`) while the receiver answered
   * `replies` (then 200): the partner, the order, with the first webhook attempted.
   */
  async function changedOrder(actions: string[], ...replies: ReceiverReply[]) {
    const made = await partner();
    const order = await createOrder(made.call);
    receiver.script(made.path, ...replies);
    for (const action of actions) await operatorAction(order.uid, action);
    await settleMails();
    return { ...made, order };
  }

  const statusOf = (order: unknown) => ((order as PartnerOrderDto).order as { status: string }).status;
  const requestsFor = (uid: string) => receiver.requests.filter((request) => request.body.order && (request.body.order as PartnerOrderDto).uid === uid);
  const rowsFor = (uid: string) => models().WebhookOutbox.findAll({ where: { orderUid: uid }, order: [['id', 'ASC']] });
  /** A sender like the worker's, its clock at `at` (whole seconds: what MySQL DATETIME keeps). */
  const senderAt = (at: number, overrides: Partial<Webhooks> = {}): Webhooks => ({
    ...createWebhooks({ sequelize: server.db.sequelize, config: server.config, logger: server.logger, now: () => new Date(Math.ceil(at / 1000) * 1000) }),
    ...overrides,
  });

  it('POSTs every status change of an API order, signed, to the order’s own callback URL (not the key’s); creation sends none', async () => {
    const { call, key } = await partner('/key-hook');
    const order = await createOrder(call, { callbackUrl: `${receiver.url}/order-hook` });
    await settleMails();
    expect(requestsFor(order.uid)).to.deep.equal([]);

    const before = Date.now();
    const cancelled = await call('order_cancel', { uid: order.uid });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    await settleMails();
    const [hook, ...more] = requestsFor(order.uid);
    expect(more).to.deep.equal([]);
    expect(hook!).to.include({ path: '/order-hook', apiKey: key.apiKey, contentType: 'application/json', verified: true, status: 200 });
    const current = (await call('order_get', { uid: order.uid })).body.data as PartnerOrderDto;
    expect(statusOf(current)).to.equal('deleted');
    const row = (await rowsFor(order.uid))[0]!;
    const { version } = (await models().Order.findOne({ where: { uid: order.uid }, attributes: ['version'] }))!;
    expect(hook!.body).to.deep.equal({ eventId: orderEventId(order.uid, version), event: 'order.status', order: current, time: hook!.body.time });
    expect(hook!.body.eventId).to.match(new RegExp(`^ord_${order.uid}_v\\d+$`));
    expect(hook!.body.time).to.be.within(before, Date.now());
    expect(row).to.include({ eventId: hook!.body.eventId, attempts: 1, lastStatus: 200, lastError: null });
    expect(row.sentAt).to.be.instanceOf(Date);
  });
  it('retries a 500 with the same eventId and a fresh time; distinct changes have distinct eventIds; the receiver applies each once', async () => {
    const { order } = await changedOrder(['hold'], 500);
    const [pending] = await rowsFor(order.uid);
    expect(pending!).to.include({ attempts: 1, lastStatus: 500, lastError: 'HTTP 500: refused with 500' });
    expect(pending!.sentAt).to.equal(null);
    const failedAt = pending!.updatedAt.getTime();
    expect(pending!.nextAttemptAt.getTime() - failedAt).to.be.within(WEBHOOK_RETRY_DELAYS_MS[0]! - 1000, WEBHOOK_RETRY_DELAYS_MS[0]! + 1000);

    // Not due before its wait; due after it.
    await sweepWebhooks(senderAt(pending!.nextAttemptAt.getTime() - 5000));
    expect(requestsFor(order.uid)).to.have.length(1);
    await sweepWebhooks(senderAt(pending!.nextAttemptAt.getTime() + 1000));
    const [first, second] = requestsFor(order.uid);
    expect([first!.status, second!.status]).to.deep.equal([500, 200]);
    expect(second!.body.eventId).to.equal(first!.body.eventId);
    expect(second!.body.time).to.be.greaterThan(first!.body.time);
    expect(second!.verified && first!.verified).to.equal(true);
    expect((await rowsFor(order.uid))[0]!).to.include({ attempts: 2, lastStatus: 200, lastError: null });

    await operatorAction(order.uid, 'delete');
    await settleMails();
    const all = requestsFor(order.uid);
    expect(all).to.have.length(3);
    expect(all[2]!.body.eventId).to.not.equal(first!.body.eventId);
    expect(statusOf(all[2]!.body.order)).to.equal('deleted');
    expect(receiver.applied().filter((eventId) => eventId.startsWith(`ord_${order.uid}_`))).to.deep.equal([first!.body.eventId, all[2]!.body.eventId]);
  });

  it('never lets a later status overtake an earlier one being retried', async () => {
    const { order } = await changedOrder(['hold', 'delete'], 500);
    expect(requestsFor(order.uid).map((request) => [statusOf(request.body.order), request.status])).to.deep.equal([['hold', 500]]);
    const [held, deleted] = await rowsFor(order.uid);
    expect(deleted!).to.include({ attempts: 0, sentAt: null });
    expect(deleted!.nextAttemptAt.getTime()).to.equal(held!.nextAttemptAt.getTime());
    await sweepWebhooks(senderAt(held!.nextAttemptAt.getTime() + 1000));
    expect(requestsFor(order.uid).map((request) => [statusOf(request.body.order), request.status])).to.deep.equal([['hold', 500], ['hold', 200], ['deleted', 200]]);
  });

  it('retries by the schedule (1 min … 24 h) and gives up after the last attempt', async () => {
    const { order } = await changedOrder(['hold'], ...Array.from({ length: WEBHOOK_RETRY_DELAYS_MS.length + 1 }, () => 503));
    let row = (await rowsFor(order.uid))[0]!;
    for (const delay of WEBHOOK_RETRY_DELAYS_MS.slice(1)) {
      const at = Math.ceil(row.nextAttemptAt.getTime() / 1000) * 1000;
      await sweepWebhooks(senderAt(at));
      row = (await rowsFor(order.uid))[0]!;
      expect(row.failedAt).to.equal(null);
      expect(row.nextAttemptAt.getTime() - at).to.equal(delay);
    }
    await sweepWebhooks(senderAt(row.nextAttemptAt.getTime()));
    row = (await rowsFor(order.uid))[0]!;
    expect(row).to.include({ attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1, lastStatus: 503 });
    expect(row.failedAt).to.be.instanceOf(Date);
    await sweepWebhooks(senderAt(row.nextAttemptAt.getTime() + 10 * 24 * 3600_000));
    expect(requestsFor(order.uid).map((request) => request.status)).to.deep.equal(Array.from({ length: WEBHOOK_RETRY_DELAYS_MS.length + 1 }, () => 503));
  });

  it('gives up at once on a 410, and waits a 429’s Retry-After instead of the schedule', async () => {
    const { order: gone, call, path } = await changedOrder(['hold'], 410);
    const [row] = await rowsFor(gone.uid);
    expect(row!).to.include({ attempts: 1, lastStatus: 410 });
    expect(row!.failedAt).to.be.instanceOf(Date);
    await sweepWebhooks(senderAt(Date.now() + 3 * 24 * 3600_000));
    expect(requestsFor(gone.uid)).to.have.length(1);

    const busy = await createOrder(call);
    receiver.script(path, { status: 429, retryAfter: '600' });
    await operatorAction(busy.uid, 'hold');
    await settleMails();
    const [waiting] = await rowsFor(busy.uid);
    expect(waiting!).to.include({ attempts: 1, lastStatus: 429 });
    expect(waiting!.nextAttemptAt.getTime() - waiting!.updatedAt.getTime()).to.be.within(599_000, 602_000);
  });

  it('sends nothing for a deleted key, and gives up a pending webhook once its key is deleted', async () => {
    const first = await changedOrder(['hold'], 500);
    const pendingOrder = first.order;
    expect((await first.owner.request('DELETE', `/user/api-keys/${first.key.apiKey}`)).status).to.equal(200);
    await sweepWebhooks(senderAt(Date.now() + 2 * 60_000));
    const [row] = await rowsFor(pendingOrder.uid);
    expect(row!).to.include({ attempts: 2, lastError: 'the API key was deleted' });
    expect(row!.failedAt).to.be.instanceOf(Date);
    expect(requestsFor(pendingOrder.uid)).to.have.length(1);

    const second = await partner();
    const order = await createOrder(second.call);
    expect((await second.owner.request('DELETE', `/user/api-keys/${second.key.apiKey}`)).status).to.equal(200);
    await operatorAction(order.uid, 'hold');
    await settleMails();
    expect(await rowsFor(order.uid)).to.deep.equal([]);
    expect(requestsFor(order.uid)).to.deep.equal([]);
  });

  it('refuses at send time a callback URL that resolves to 127.0.0.1 unless private addresses are allowed', async () => {
    const { order } = await changedOrder(['hold'], 500);
    const strict = senderAt(Date.now() + 2 * 60_000, { allowPrivate: false });
    await sweepWebhooks(strict);
    const [row] = await rowsFor(order.uid);
    expect(row!).to.include({ attempts: 2, lastStatus: null, lastError: 'the callback URL resolves to a private or loopback address' });
    expect(row!.failedAt).to.be.instanceOf(Date);
    expect(requestsFor(order.uid)).to.have.length(1);
  });

  it('connects to the address it checked, with the URL’s own Host (no second DNS answer is used)', async () => {
    const { order, key } = await changedOrder(['hold'], 500);
    await models().ApiKey.update({ callbackUrl: `http://partner-hooks.example:${receiver.port}/pinned` }, { where: { publicKey: key.apiKey } });
    const resolved: string[] = [];
    // A public answer passes the check (with private addresses refused) and is the one connected to;
    // 127.0.0.1 stands for it here, the one answer a local receiver can take.
    let answers = 0;
    const sender = senderAt(Date.now() + 2 * 60_000, {
      allowPrivate: false,
      resolve: async (host) => {
        resolved.push(host);
        answers += 1;
        return [{ address: answers === 1 ? '203.0.113.10' : '127.0.0.1', family: 4 }];
      },
    });
    await sweepWebhooks({ ...sender, timeoutMs: 1500 });
    // The checked address (203.0.113.10, unroutable here) was the one dialled: no second lookup reached 127.0.0.1.
    expect(resolved).to.deep.equal(['partner-hooks.example']);
    expect(requestsFor(order.uid)).to.have.length(1);
    const [row] = await rowsFor(order.uid);
    expect(row!.lastStatus).to.equal(null);
    expect(row!.lastError).to.match(/^(unreachable|no answer)/);

    const pinned = senderAt(row!.nextAttemptAt.getTime() + 1000, { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    await sweepWebhooks(pinned);
    const last = requestsFor(order.uid).at(-1)!;
    expect(last).to.include({ path: '/pinned', host: `partner-hooks.example:${receiver.port}`, verified: true, status: 200 });
  });

  it('the worker’s webhook job sends what is due', async () => {
    const { order } = await changedOrder(['hold'], 500);
    const job = startWebhookJob({ sequelize: server.db.sequelize, config: server.config, logger: server.logger, options: { tickMs: 50, now: () => new Date(Date.now() + 2 * 60_000) } });
    try {
      for (let wait = 0; wait < 100 && requestsFor(order.uid).length < 2; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await job.stop();
    }
    expect(requestsFor(order.uid).map((request) => request.status)).to.deep.equal([500, 200]);
  });

  describe('the delivery log (GET /api/user/api-keys/{apiKey}/deliveries)', () => {
    let owner: Awaited<ReturnType<typeof partner>>['owner'];
    let key: CreatedApiKey;
    let uid: string;

    before(async () => {
      const made = await changedOrder(['hold', 'delete'], 502);
      owner = made.owner;
      key = made.key;
      uid = made.order.uid;
    });

    it('lists the key’s deliveries newest first, as WebhookDeliveryDto (the later one waiting behind the retried one)', async () => {
      const answer = await owner.get(`/user/api-keys/${key.apiKey}/deliveries`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const { items, nextCursor } = answer.body.data as { items: WebhookDeliveryDto[]; nextCursor: string | null };
      expect(nextCursor).to.equal(null);
      const rows = await rowsFor(uid);
      expect(items).to.deep.equal([
        {
          eventId: rows[1]!.eventId,
          event: 'order.status',
          orderUid: uid,
          status: 'pending',
          attempts: 0,
          lastStatus: null,
          lastError: null,
          nextAttemptAt: rows[1]!.nextAttemptAt.toISOString(),
          createdAt: rows[1]!.createdAt.toISOString(),
          deliveredAt: null,
        },
        {
          eventId: rows[0]!.eventId,
          event: 'order.status',
          orderUid: uid,
          status: 'pending',
          attempts: 1,
          lastStatus: 502,
          lastError: 'HTTP 502: refused with 502',
          nextAttemptAt: rows[0]!.nextAttemptAt.toISOString(),
          createdAt: rows[0]!.createdAt.toISOString(),
          deliveredAt: null,
        },
      ]);
    });

    it('pages with the cursor it answers until null', async () => {
      const row = (await rowsFor(uid))[0]!;
      const extra = WEBHOOK_DELIVERIES_PAGE + 3;
      await models().WebhookOutbox.bulkCreate(
        Array.from({ length: extra }, (_, index) => ({
          apiKeyId: row.apiKeyId, orderId: row.orderId, orderUid: uid, eventId: `${uid}-page-${index}`, event: 'order.status' as const,
          payload: row.payload, lastStatus: null, nextAttemptAt: new Date(), lockedUntil: null, failedAt: new Date(),
        })),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer = await owner.get(`/user/api-keys/${key.apiKey}/deliveries${cursor ? `?cursor=${cursor}` : ''}`);
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        const page = answer.body.data as { items: WebhookDeliveryDto[]; nextCursor: string | null };
        expect(page.items.length).to.be.at.most(WEBHOOK_DELIVERIES_PAGE);
        seen.push(...page.items.map((item) => item.eventId));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).to.equal(2);
      const rows = await models().WebhookOutbox.findAll({ where: { apiKeyId: row.apiKeyId }, order: [['id', 'DESC']] });
      expect(seen).to.deep.equal(rows.map((each) => each.eventId));
      expect(seen[0]).to.equal(`${uid}-page-${extra - 1}`);
    });

    it('answers 404 for another user’s key, 401 to anonymous, 400 on a bad cursor', async () => {
      const stranger = await signedInAs(server, 'user');
      const foreign = await stranger.get(`/user/api-keys/${key.apiKey}/deliveries`);
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.not.have.nested.property('data.items');
      expect((await new TestClient(server.url).get(`/user/api-keys/${key.apiKey}/deliveries`)).status).to.equal(401);
      const bad = await owner.get(`/user/api-keys/${key.apiKey}/deliveries?cursor=abc`);
      expect(bad.status).to.equal(400);
      expect(bad.body.error?.fields?.cursor).to.be.a('string');
    });
  });
});
