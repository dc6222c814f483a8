import { expect } from 'chai';
import { createServerI18n } from '../platform/i18n';
import { createMailer } from '../platform/mail';
import { initModels, type Order } from '../models';
import { deadPort, startSmtp, type TestSmtp } from '../test/smtp';
import { startTestServer, type TestServer } from '../test/server';
import { startWorker } from '../workers';
import { changeOrder, SYSTEM } from './change';
import type { OrdersContext } from './context';
import { createOrder } from './createOrder';
import {
  deliverOrderMails,
  dueMails,
  MAIL_LOCK_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_SWEEP_BATCH,
  mailRetryDelayMs,
  orderStatusMail,
  queueOrderMail,
  settleOrderMails,
  sweepOrderMails,
  type MailAttempt,
} from './mail';
import { buildDirection, orderRequest, testOrdersContext, waitForOutbox, type TestDirection } from './testing';
import { writeTransaction } from '../platform/db/transaction';

const i18n = createServerI18n();
/** The subject's end of a status mail: the status's name in the mail's language. */
const statusName = (lang: 'en' | 'ru', status: string) => i18n.translator(lang)(`mail.orderStatuses.${status}`);

describe('order mails outbox: written with the change, retried, never lost', function () {
  this.timeout(30_000);
  let server: TestServer;
  let smtp: TestSmtp;
  let downUrl: string;
  let direction: TestDirection;
  let offsetMs = 0;
  const contexts: OrdersContext[] = [];

  /** An orders context of the test server sending through `smtpUrl`, on a clock `offsetMs` ahead. */
  function context(smtpUrl: string): OrdersContext {
    const mailer = createMailer({ ...server.config, smtpUrl }, server.logger, { i18n });
    const ctx = testOrdersContext(server, () => new Date(Date.now() + offsetMs), mailer);
    contexts.push(ctx);
    return ctx;
  }

  async function create(ctx: OrdersContext, prefix = 'outbox'): Promise<{ order: Order; secret: string }> {
    const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const created = await createOrder(ctx, {
      request: orderRequest(direction, { email }),
      user: null,
      lang: 'en',
      t: i18n.translator('en'),
    });
    await settleOrderMails(ctx);
    const order = (await initModels(server.db.sequelize).Order.findOne({ where: { uid: created.uid } }))!;
    return { order, secret: created.secret };
  }

  /**
   * The worker's passes until one finds less than a full batch: a shared database (MySQL runs)
   * may hold other suites' due mails ahead of this test's, oldest first.
   */
  async function sweep(ctx: OrdersContext): Promise<Record<MailAttempt, number>> {
    const total: Record<MailAttempt, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, taken: 0 };
    for (let pass = 0; pass < 100; pass += 1) {
      const counts = await sweepOrderMails(ctx);
      for (const key of Object.keys(total) as MailAttempt[]) total[key] += counts[key];
      if (Object.values(counts).reduce((sum, count) => sum + count, 0) < MAIL_SWEEP_BATCH) break;
    }
    return total;
  }

  const mailsOf = (order: Order) => initModels(server.db.sequelize).OrderMail.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
  const deliveredTo = (order: Order) => smtp.received.filter((mail) => mail.to === order.email);

  before(async () => {
    // A test server runs no worker: the tests make the worker's passes themselves, on their own clock.
    server = await startTestServer();
    smtp = await startSmtp();
    downUrl = `smtp://127.0.0.1:${await deadPort()}`;
    direction = await buildDirection(server);
  });

  afterEach(() => {
    offsetMs = 0;
  });

  after(async () => {
    // Nothing of this suite stays due in a shared database.
    if (server) await initModels(server.db.sequelize).OrderMail.update({ failedAt: new Date() }, { where: { sentAt: null, failedAt: null } });
    await smtp?.close();
    await server?.close();
  });

  it('keeps a mail SMTP could not take and sends it on the pass after its retry time', async () => {
    const down = context(downUrl);
    const up = context(smtp.url);
    const { order, secret } = await create(down);
    const [mail] = await mailsOf(order);
    expect(mail).to.include({ template: 'orderCreated', attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(mail!.lastError).to.match(/ECONNREFUSED|connect/i);
    const wait = mail!.nextAttemptAt.getTime() - Date.now();
    expect(wait).to.be.within(mailRetryDelayMs(1) - 5000, mailRetryDelayMs(1) + 1000);

    await sweep(up);
    expect(deliveredTo(order), 'not before its retry time').to.deep.equal([]);

    offsetMs = mailRetryDelayMs(1) + 1000;
    await sweep(up);
    const delivered = deliveredTo(order);
    expect(delivered).to.have.length(1);
    expect(delivered[0]!.text).to.include(`/order/${order.uid}/${secret}`);
    const [after] = await mailsOf(order);
    expect(after).to.include({ attempts: 2, lastError: null, lockedUntil: null });
    expect(after!.sentAt).to.be.instanceOf(Date);

    offsetMs += 10 * 60_000;
    await sweep(up);
    expect(deliveredTo(order), 'a sent mail is not sent again').to.have.length(1);
  });

  it('sends a mail whose process died before sending it once its claim lapses, exactly once under two racing passes', async () => {
    const up = context(smtp.url);
    const { order } = await create(up);
    expect(deliveredTo(order)).to.have.length(1);
    // The change commits with its mail, and the process dies before the queue reaches it.
    await writeTransaction(server.db.sequelize, (transaction) => queueOrderMail(up, transaction, order, orderStatusMail(up, order)));

    await sweep(up);
    expect(deliveredTo(order), 'claimed by the dead process: not yet').to.have.length(1);

    offsetMs = MAIL_LOCK_MS + 1000;
    const other = context(smtp.url);
    const [first, second] = await Promise.all([sweep(up), sweep(other)]);
    expect(first.sent + second.sent).to.be.at.least(1);
    const delivered = deliveredTo(order);
    expect(delivered).to.have.length(2);
    expect(delivered[1]!.subject).to.equal(`Order ${order.uid} on ${new URL(server.config.publicUrl).host}: ${statusName('en', 'new')}`);
  });

  it('takes a mail whose claim lapsed while it sat in the queue like any other: sent once, not twice', async () => {
    const up = context(smtp.url);
    const { order } = await create(up);
    const mail = await writeTransaction(server.db.sequelize, (transaction) => queueOrderMail(up, transaction, order, orderStatusMail(up, order)));
    // The queue reaches it after its claim lapsed, and a worker's pass has sent it meanwhile.
    offsetMs = MAIL_LOCK_MS + 1000;
    await sweep(context(smtp.url));
    expect(deliveredTo(order)).to.have.length(2);
    deliverOrderMails(up, order, [mail]);
    await settleOrderMails(up);
    expect(deliveredTo(order), 'the lapsed claim did not send it again').to.have.length(2);
  });

  it('never lets a status mail overtake the unsent creation mail of its order', async () => {
    const down = context(downUrl);
    const up = context(smtp.url);
    const { order } = await create(down);
    await changeOrder(up, { orderId: order.id, action: 'hold', actor: SYSTEM, rule: 'hold', plan: () => ({ set: { status: 'hold' } }) });
    await settleOrderMails(up);
    expect(deliveredTo(order), 'the status mail waits for the creation mail').to.deep.equal([]);
    const waiting = await mailsOf(order);
    expect(waiting.map((mail) => [mail.template, mail.attempts, mail.sentAt, mail.lockedUntil])).to.deep.equal([
      ['orderCreated', 1, null, null],
      ['orderStatus', 0, null, null],
    ]);
    // Due again with the mail it waits for, not before: it does not crowd the head of every pass.
    expect(waiting[1]!.nextAttemptAt.getTime()).to.be.at.least(waiting[0]!.nextAttemptAt.getTime());
    const dueIn10s = await initModels(server.db.sequelize).OrderMail.findAll({ where: { orderId: order.id, ...dueMails(new Date(Date.now() + 10_000)) } });
    expect(dueIn10s, 'not taken up again before then').to.deep.equal([]);

    offsetMs = mailRetryDelayMs(1) + 1000;
    await sweep(up);
    expect(deliveredTo(order).map((mail) => mail.subject)).to.deep.equal([
      `Order ${order.uid} created on ${new URL(server.config.publicUrl).host}`,
      `Order ${order.uid} on ${new URL(server.config.publicUrl).host}: ${statusName('en', 'hold')}`,
    ]);
  });

  it('mails an order the blacklist holds at creation once: created and being checked, with its link (none past its address’s share)', async () => {
    const up = context(smtp.url);
    const { BlacklistEntry } = initModels(server.db.sequelize);
    const email = `outbox-held-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const quiet = `outbox-held-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const entries = await Promise.all(
      [email, quiet].map((value) => BlacklistEntry.create({ kind: 'email', value, action: 'hold', reason: 'outbox test', createdById: null })),
    );
    try {
      const created = await createOrder(up, { request: orderRequest(direction, { email }), user: null, lang: 'ru', t: i18n.translator('ru') });
      expect(created.order.status).to.equal('hold');
      await settleOrderMails(up);
      const order = (await initModels(server.db.sequelize).Order.findOne({ where: { uid: created.uid } }))!;
      expect((await mailsOf(order)).map((mail) => mail.template)).to.deep.equal(['orderCreatedHeld']);
      const delivered = deliveredTo(order);
      expect(delivered.map((mail) => mail.subject)).to.deep.equal([`Заявка ${order.uid} создана на ${new URL(server.config.publicUrl).host}: проверяется`]);
      expect(delivered[0]!.text).to.include(`/order/${order.uid}/${created.secret}`);
      expect(delivered[0]!.text).to.include('её проверяют наши сотрудники');
      expect(delivered[0]!.text).not.to.include('Оплатите до');

      const silent = await createOrder(up, { request: orderRequest(direction, { email: quiet }), user: null, lang: 'en', t: i18n.translator('en'), mailCreated: false });
      expect(silent.order.status).to.equal('hold');
      const silentOrder = (await initModels(server.db.sequelize).Order.findOne({ where: { uid: silent.uid } }))!;
      expect(await mailsOf(silentOrder)).to.deep.equal([]);
    } finally {
      await BlacklistEntry.destroy({ where: { id: entries.map((entry) => entry.id) } });
    }
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} attempts, waiting longer each time`, async () => {
    const down = context(downUrl);
    const { order } = await create(down);
    let failedAtClock = Date.now();
    const waits: number[] = [];
    for (let pass = 0; pass <= MAIL_MAX_ATTEMPTS; pass += 1) {
      const [mail] = await mailsOf(order);
      if (mail!.failedAt) break;
      const wait = mail!.nextAttemptAt.getTime() - failedAtClock;
      expect(wait, `after attempt ${mail!.attempts}`).to.be.within(mailRetryDelayMs(mail!.attempts) - 5000, mailRetryDelayMs(mail!.attempts) + 5000);
      waits.push(wait);
      offsetMs = mail!.nextAttemptAt.getTime() - Date.now() + 1000;
      failedAtClock = Date.now() + offsetMs;
      await sweep(down);
    }
    const [mail] = await mailsOf(order);
    expect(mail).to.include({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
    expect(mail!.failedAt).to.be.instanceOf(Date);
    expect(waits).to.have.length(MAIL_MAX_ATTEMPTS - 1);
    for (let index = 1; index < waits.length; index += 1) expect(waits[index]).to.be.at.least(waits[index - 1]!);

    offsetMs += 24 * 60 * 60_000;
    await sweep(down);
    expect((await mailsOf(order))[0]!.attempts, 'given up: not tried again').to.equal(MAIL_MAX_ATTEMPTS);
  });

  it('gives up at once what no retry can send: an SMTP 5xx refusal, a link sealed under a key no longer configured', async () => {
    const up = context(smtp.url);
    const { order: refused } = await create(up, 'nobody');
    const [refusal] = await mailsOf(refused);
    expect(refusal).to.include({ attempts: 1, sentAt: null });
    expect(refusal!.failedAt).to.be.instanceOf(Date);
    expect(refusal!.lastError).to.match(/550|No such user/);

    const { order } = await create(up);
    await writeTransaction(server.db.sequelize, (transaction) => queueOrderMail(up, transaction, order, orderStatusMail(up, order)));
    // Another deployment's keys (the keys were rotated and the old one dropped).
    const rotated = { ...context(smtp.url), secretKeys: ['k'.repeat(64)] };
    offsetMs = MAIL_LOCK_MS + 1000;
    await sweep(rotated);
    const [, status] = await mailsOf(order);
    expect(status).to.include({ attempts: 1, sentAt: null });
    expect(status!.failedAt).to.be.instanceOf(Date);
    expect(status!.lastError).to.match(/cannot be opened/);
    expect(deliveredTo(order), 'only the creation mail').to.have.length(1);
  });

  it('is sent by the running worker once due', async () => {
    const ctx = testOrdersContext(server);
    const email = `outbox-worker-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const created = await createOrder(ctx, { request: orderRequest(direction, { email }), user: null, lang: 'ru', t: i18n.translator('ru') });
    await settleOrderMails(ctx);
    const order = (await initModels(server.db.sequelize).Order.findOne({ where: { uid: created.uid } }))!;
    // A mail left by a process that died: its claim has lapsed.
    const mail = await writeTransaction(server.db.sequelize, (transaction) => queueOrderMail(ctx, transaction, order, orderStatusMail(ctx, order)));
    await mail.update({ lockedUntil: new Date(Date.now() - 1000) });
    const worker = await startWorker({ config: server.config, logger: server.logger, kv: server.kv, db: server.db, services: server.services, rates: { tickMs: 60_000 }, orders: { tickMs: 100, mailTickMs: 100 } });
    try {
      const mails = await waitForOutbox(server.config.outboxDir, email, 2, 10_000);
      expect(mails.map((sent) => sent.subject)).to.deep.equal([
        `Заявка ${order.uid} создана на ${new URL(server.config.publicUrl).host}`,
        `Заявка ${order.uid} на ${new URL(server.config.publicUrl).host}: ${statusName('ru', 'new')}`,
      ]);
      // The file is written before its row is marked sent (a crash in between resends, never loses):
      // the mark follows within the worker's pass.
      let marked: boolean[] = [];
      for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
        marked = (await mailsOf(order)).map((row) => row.sentAt instanceof Date);
        if (marked.every(Boolean)) break;
      }
      expect(marked).to.deep.equal([true, true]);
    } finally {
      await worker.close();
    }
  });
});
