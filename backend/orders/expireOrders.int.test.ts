import { expect } from 'chai';
import { Op } from 'sequelize';
import { initModels } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import { startWorker, type RunningWorker } from '../workers';
import { attachReceipt, markOrderPaid } from './customerActions';
import { ORDERS_CHANNEL, type OrderChangeMessage } from './events';
import { EXPIRE_BATCH, expireOrders } from './expireOrders';
import { buildDirection, buildOrder, publishTestRate, testOrdersContext, testRate, waitForOutbox, type TestDirection } from './testing';
import { ReceiptAlreadyUploaded } from './errors';

const MINUTE = 60_000;

describe('order expiry and concurrent changes', function () {
  this.timeout(30_000);
  let server: TestServer;
  let direction: TestDirection;
  let worker: RunningWorker | undefined;

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server);
    // A shared database keeps the due orders of earlier runs and benches (thousands of them after
    // a bench on MySQL): close that backlog in bulk first, so each test waits for its own orders
    // rather than for a publish and a mail per leftover.
    await initModels(server.db.sequelize).Order.update(
      { status: 'deleted', deleteReason: 'expired' },
      { where: { status: 'new', paidAt: { [Op.is]: null }, expiresAt: { [Op.lt]: new Date() } } },
    );
  });

  afterEach(async () => {
    if (!worker) return;
    await worker.close();
    worker = undefined;
    // The worker's rates job published the seeded catalogue's rates, without the test direction.
    await publishTestRate(server, testRate(direction));
  });

  after(async () => {
    await server.close();
  });

  it('expires new unpaid orders past their window (system actor), and leaves paid and running ones alone', async () => {
    const past = new Date(Date.now() - MINUTE);
    const due = await buildOrder(server, { direction, set: { expiresAt: past } });
    const paid = await buildOrder(server, { direction, set: { expiresAt: past, paidAt: new Date(), confirmedAt: new Date() } });
    const running = await buildOrder(server, { direction });
    const messages: OrderChangeMessage[] = [];
    const unsubscribe = await server.kv.subscribe(ORDERS_CHANNEL, (raw) => messages.push(JSON.parse(raw) as OrderChangeMessage));
    try {
      // A shared database may hold other due orders: pass until a batch is not full.
      const expired: string[] = [];
      for (;;) {
        const batch = await expireOrders(testOrdersContext(server));
        expired.push(...batch);
        if (batch.length < EXPIRE_BATCH) break;
      }
      expect(expired).to.include(due.order.uid);
      expect(expired).to.not.include(paid.order.uid);
      expect(expired).to.not.include(running.order.uid);
      const { Order } = initModels(server.db.sequelize);
      const row = await Order.findByPk(due.order.id);
      expect(row).to.include({ status: 'deleted', deleteReason: 'expired', version: due.order.version + 1 });
      expect((await Order.findByPk(paid.order.id))!.status).to.equal('new');
      expect((await Order.findByPk(running.order.id))!.status).to.equal('new');
      const deadline = Date.now() + 2000;
      while (!messages.some((message) => message.order.uid === due.order.uid) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const message = messages.find((entry) => entry.order.uid === due.order.uid)!;
      expect(message.order).to.include({ status: 'deleted', step: 'finished', expiresAt: null });
      expect(message.order.history.at(-1)).to.include({ action: 'expired', actor: 'system' });
      expect(message.order.history.at(-1)).to.not.have.property('actorName');
      const subject = `Order ${due.order.uid} on ${new URL(server.config.publicUrl).host}: deleted`;
      const mails = await waitForOutbox(server.config.outboxDir, due.order.email, (list) => list.some((mail) => mail.subject === subject));
      expect(mails.map((mail) => mail.subject)).to.include(subject);
    } finally {
      await unsubscribe();
    }
  });

  it('the leader worker expires an order within about a second of its window closing', async () => {
    const { order } = await buildOrder(server, { direction, set: { expiresAt: new Date(Date.now() + 300) } });
    worker = await startWorker({
      config: server.config,
      logger: server.logger,
      kv: server.kv,
      db: server.db,
      services: server.services,
      rates: { tickMs: 60_000 },
      orders: { tickMs: 100 },
    });
    const { Order } = initModels(server.db.sequelize);
    const deadline = Date.now() + 2000;
    let status = order.status;
    while (status === 'new' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await Order.findByPk(order.id))!.status;
    }
    expect(status).to.equal('deleted');
  });

  it('a customer marking paid and the expiry racing: exactly one of them changes the order', async () => {
    const ctx = testOrdersContext(server);
    for (let round = 0; round < 5; round += 1) {
      const { order } = await buildOrder(server, { direction, set: { confirmedAt: new Date(), expiresAt: new Date(Date.now() - 1000) } });
      const [paid, expired] = await Promise.allSettled([markOrderPaid(ctx, { order }), expireOrders(ctx)]);
      const row = (await initModels(server.db.sequelize).Order.findByPk(order.id))!;
      const expiredIt = expired.status === 'fulfilled' && expired.value.includes(order.uid);
      expect(paid.status === 'fulfilled').to.equal(!expiredIt);
      expect(row.version).to.equal(order.version + 1);
      expect(row.status).to.equal(expiredIt ? 'deleted' : 'new');
    }
  });

  it('of 10 receipts attached at once (past any early check), one is kept and the rest refused', async () => {
    const ctx = testOrdersContext(server);
    const { order } = await buildOrder(server, { direction, set: { confirmedAt: new Date() } });
    const keys = Array.from({ length: 10 }, (_, index) => `receipt/${String(index).padStart(32, '0')}.png`);
    const results = await Promise.allSettled(keys.map((key) => attachReceipt(ctx, { order, key })));
    const kept = results.filter((result) => result.status === 'fulfilled');
    expect(kept).to.have.length(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).to.be.instanceOf(ReceiptAlreadyUploaded);
    }
    const row = (await initModels(server.db.sequelize).Order.findByPk(order.id))!;
    expect(keys).to.include(row.receiptKey);
    expect(row.version).to.equal(order.version + 1);
  });
});
