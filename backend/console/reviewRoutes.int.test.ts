import { expect } from 'chai';
import type { Lang } from '../../common/api';
import type { OrderDto } from '../../common/orders';
import type { ReviewItem, ReviewKind, ReviewList } from '../../common/reviews';
import { TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { ORDERS_CHANNEL, type OrderChangeMessage } from '../orders/events';
import { EXPIRE_BATCH, expireOrders } from '../orders/expireOrders';
import { buildDirection, buildOrder, testOrdersContext, waitForOutbox, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { picture } from '../uploads/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from './testing';

async function upload(server: TestServer, pathname: string, file: Buffer): Promise<{ status: number; body: { data?: OrderDto } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${server.url}/api${pathname}`, { method: 'POST', body: form, headers: { lang: 'en' } });
  return { status: response.status, body: (await response.json()) as { data?: OrderDto } };
}

describe('operator review queues', function () {
  this.timeout(60_000);
  let server: TestServer;
  let operator: TestClient & { userId: number; email: string };
  let cards: TestDirection;
  let png: Buffer;
  const published: OrderChangeMessage[] = [];
  let unsubscribe: () => Promise<void>;

  before(async () => {
    server = await startTestServer();
    operator = await signedInAs(server, 'operator');
    cards = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    png = await picture(60, 40).png().toBuffer();
    unsubscribe = await server.kv.subscribe(ORDERS_CHANNEL, (raw) => published.push(JSON.parse(raw) as OrderChangeMessage));
  });

  after(async () => {
    await unsubscribe();
    await server.close();
  });

  async function cardOrderWithPhoto(lang: Lang = 'en') {
    const built = await buildOrder(server, {
      lang,
      direction: cards,
      request: { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      set: { confirmedAt: new Date() },
    });
    const answer = await upload(server, `/orders/${built.order.uid}/${built.secret}/card-photo`, png);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return built;
  }

  async function orderWithReceipt(lang: Lang = 'en') {
    const built = await buildOrder(server, {
      lang,
      direction: cards,
      request: { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      set: { confirmedAt: new Date(), cardCheck: 'not_required' },
    });
    const answer = await upload(server, `/orders/${built.order.uid}/${built.secret}/receipt`, png);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return built;
  }

  /** The whole queue (a shared database may hold other tests' items): every page, in order. */
  async function queue(kind: ReviewKind): Promise<ReviewItem[]> {
    const items: ReviewItem[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page += 1) {
      const response = await operator.get(`/operator/reviews?kind=${kind}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const list = response.body.data as ReviewList;
      items.push(...list.items);
      cursor = list.nextCursor;
      if (!cursor) break;
    }
    return items;
  }

  const uids = (items: ReviewItem[]) => items.map((item) => item.uid);

  it('answers the policy: anonymous 401, a user 403, operators and admins pass', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/operator/reviews?kind=card', roles: OPERATOR_AND_ADMIN },
      { method: 'GET', path: '/operator/reviews?kind=receipt', roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/reviews/card/AAAAAAAAAA/approve', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: '/operator/reviews/receipt/AAAAAAAAAA/reject', roles: OPERATOR_AND_ADMIN, body: { reason: 'x' } },
    ]);
  });

  it('lists card photos oldest first, with the staff-only file, and drops an order once decided', async () => {
    const first = await cardOrderWithPhoto();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await cardOrderWithPhoto();
    const items = await queue('card');
    const order = uids(items);
    expect(order).to.include(first.order.uid);
    expect(order.indexOf(first.order.uid)).to.be.lessThan(order.indexOf(second.order.uid));
    const item = items.find((entry) => entry.uid === first.order.uid)!;
    expect(item).to.include({ kind: 'card', fileUrl: `/api/operator/orders/${first.order.uid}/files/card`, email: first.order.email });
    for (let index = 1; index < items.length; index += 1) expect(items[index - 1]!.uploadedAt <= items[index]!.uploadedAt).to.equal(true);
    expect((await fetch(`${server.url}${item.fileUrl}`)).status).to.equal(401);
    expect((await fetch(`${server.url}${item.fileUrl}`, { headers: { cookie: operator.cookieHeader() } })).status).to.equal(200);

    const approved = await operator.post(`/operator/reviews/card/${first.order.uid}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
    expect(approved.body.data).to.include({ cardCheck: 'approved', step: 'pay' });
    const after = uids(await queue('card'));
    expect(after).to.not.include(first.order.uid);
    expect(after).to.include(second.order.uid);
    // A decision on one order leaves another alone, and a second decision is refused.
    expect((await operator.post(`/operator/reviews/card/${first.order.uid}/reject`, {})).status).to.equal(409);
    const { Order } = initModels(server.db.sequelize);
    expect((await Order.findByPk(second.order.id))!.cardCheck).to.equal('pending');
  });

  it("rejects a card photo with the operator's reason, which the customer sees, audited", async () => {
    const { order, secret } = await cardOrderWithPhoto();
    const reason = 'The card number is covered, show all of it';
    const rejected = await operator.post(`/operator/reviews/card/${order.uid}/reject`, { reason });
    expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
    const customer = await new TestClient(server.url).get(`/orders/${order.uid}/${secret}`);
    expect(customer.body.data).to.include({ cardCheck: 'rejected', cardRejectReason: reason });
    const published = (await waitForVersion(order.uid, rejected.body.data.version))!;
    expect(published.operator.cardCheck).to.equal('rejected');

    const { AuditRecord } = initModels(server.db.sequelize);
    const record = await AuditRecord.findOne({ where: { action: 'review.reject', targetType: 'order', targetId: order.uid } });
    expect(record?.actorId).to.equal(operator.userId);
    expect(record?.after).to.deep.include({ kind: 'card', cardCheck: 'rejected', cardRejectReason: reason });

    // A new photo clears the reason and waits again; a blank reason means the default text.
    const again = await upload(server, `/orders/${order.uid}/${secret}/card-photo`, png);
    expect(again.body.data).to.include({ cardCheck: 'pending', cardRejectReason: null });
    const blank = await operator.post(`/operator/reviews/card/${order.uid}/reject`, { reason: '   ' });
    expect(blank.body.data).to.include({ cardCheck: 'rejected', cardRejectReason: null });
  });

  it('stops the payment window while the card photo waits, however long, and gives it back in full with the decision (queue and drawer)', async () => {
    const { Order, Direction } = initModels(server.db.sequelize);
    const period = (await Direction.findOne({ where: { fromCode: cards.from, toCode: cards.to } }))!.fixedPeriodMinutes;
    const long = new Date(Date.now() - 60_000);
    const approvedOne = await cardOrderWithPhoto();
    const rejectedOne = await cardOrderWithPhoto();
    // The operators took longer than the window: it would have ended a minute ago.
    await Order.update({ expiresAt: long }, { where: { id: [approvedOne.order.id, rejectedOne.order.id] } });
    // Its creation mail told the customer so: the deadline is the photo's, paying waits for the check.
    const [created] = await waitForOutbox(server.config.outboxDir, approvedOne.order.email, 1);
    expect(created!.text).to.include('First your card is verified: upload a photo of it on the order page before');
    const customer = new TestClient(server.url);
    const waiting = await customer.get(`/orders/${approvedOne.order.uid}/${approvedOne.secret}`);
    expect(waiting.body.data).to.include({ step: 'verify_card', cardCheck: 'pending', expiresAt: null });
    // The worker's expiry leaves both alone.
    for (;;) if ((await expireOrders(testOrdersContext(server))).length < EXPIRE_BATCH) break;
    expect((await Order.findByPk(approvedOne.order.id))!.status).to.equal('new');
    expect((await Order.findByPk(rejectedOne.order.id))!.status).to.equal('new');

    const before = Date.now();
    const approved = await operator.post(`/operator/reviews/card/${approvedOne.order.uid}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
    const rejected = await operator.post(`/operator/orders/${rejectedOne.order.uid}/card-reject`, { reason: 'Blurred' });
    expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
    for (const { order, secret } of [approvedOne, rejectedOne]) {
      const seen = (await customer.get(`/orders/${order.uid}/${secret}`)).body.data as OrderDto;
      const ends = Date.parse(seen.expiresAt!);
      expect(ends).to.be.within(before - 1000 + period * 60_000, Date.now() + 1000 + period * 60_000);
      // A fixed rate stays locked as long as the window given back.
      expect([seen.rateType, seen.rateLockedUntil]).to.deep.equal(['fixed', seen.expiresAt]);
    }
    // Its window running again, the order expires as any other once it passes.
    await Order.update({ expiresAt: long }, { where: { id: rejectedOne.order.id } });
    const expired: string[] = [];
    for (;;) {
      const batch = await expireOrders(testOrdersContext(server));
      expired.push(...batch);
      if (batch.length < EXPIRE_BATCH) break;
    }
    expect(expired).to.include(rejectedOne.order.uid);
  });

  it('refuses a reason over 500 characters and unknown kinds or decisions', async () => {
    const { order } = await cardOrderWithPhoto();
    const long = await operator.post(`/operator/reviews/card/${order.uid}/reject`, { reason: 'x'.repeat(501) });
    expect(long.status).to.equal(400);
    expect(long.body.error?.fields).to.have.property('reason');
    expect((await operator.post(`/operator/reviews/photo/${order.uid}/reject`, {})).status).to.equal(404);
    expect((await operator.post(`/operator/reviews/card/${order.uid}/maybe`, {})).status).to.equal(404);
    expect((await operator.get('/operator/reviews?kind=selfie')).status).to.equal(400);
    expect((await operator.get('/operator/reviews?kind=card&cursor=abc')).status).to.equal(400);
  });

  it("answers another order's ids: a card decision on an order whose file is a receipt, and the reverse, are refused", async () => {
    const receipt = await orderWithReceipt();
    const card = await cardOrderWithPhoto();
    expect((await operator.post(`/operator/reviews/card/${receipt.order.uid}/approve`, {})).status).to.equal(409);
    expect((await operator.post(`/operator/reviews/receipt/${card.order.uid}/approve`, {})).status).to.equal(409);
    expect((await operator.post('/operator/reviews/card/ZZZZZZZZZZ/approve', {})).status).to.equal(404);
  });

  it('reviews receipts: funds wait for the decision; a rejection asks for a new file; approval lets the order be received', async () => {
    const { order, secret } = await orderWithReceipt();
    expect(uids(await queue('receipt'))).to.include(order.uid);
    const early = await operator.post(`/operator/orders/${order.uid}/received`, { amount: order.amountSend });
    expect(early.status).to.equal(409);

    const reason = 'The amount is not visible';
    const rejected = await operator.post(`/operator/reviews/receipt/${order.uid}/reject`, { reason });
    expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
    expect(rejected.body.data).to.include({ receiptCheck: 'rejected', receiptUploaded: false, receiptRejectReason: reason });
    expect(uids(await queue('receipt'))).to.not.include(order.uid);
    const customer = await new TestClient(server.url).get(`/orders/${order.uid}/${secret}`);
    expect(customer.body.data).to.include({ receiptCheck: 'rejected', receiptRejectReason: reason, receiptUploaded: false });
    expect((await operator.get(`/operator/orders/${order.uid}/files/receipt`)).status).to.equal(404);

    const second = await upload(server, `/orders/${order.uid}/${secret}/receipt`, png);
    expect(second.status).to.equal(200);
    expect(second.body.data).to.include({ receiptCheck: 'pending', receiptRejectReason: null, receiptUploaded: true });
    const approved = await operator.post(`/operator/reviews/receipt/${order.uid}/approve`, {});
    expect(approved.body.data).to.include({ receiptCheck: 'approved' });
    const received = await operator.post(`/operator/orders/${order.uid}/received`, { amount: order.amountSend });
    expect(received.status, JSON.stringify(received.body)).to.equal(200);
    expect(received.body.data.status).to.equal('progress');

    const { AuditRecord } = initModels(server.db.sequelize);
    const actions = (await AuditRecord.findAll({ where: { targetType: 'order', targetId: order.uid }, order: [['id', 'ASC']] })).map((record) => record.action);
    expect(actions.filter((action) => action.startsWith('review.'))).to.deep.equal(['review.reject', 'review.approve']);
  });

  it('mails the customer a rejection in the order language, with the reason and the order link; a card approval with the new deadline', async () => {
    const site = new URL(server.config.publicUrl).host;
    const card = await cardOrderWithPhoto('ru');
    const reason = 'Номер карты закрыт <пальцем>';
    expect((await operator.post(`/operator/reviews/card/${card.order.uid}/reject`, { reason })).status).to.equal(200);
    const cardMails = await waitForOutbox(server.config.outboxDir, card.order.email, 2);
    expect(cardMails.map((mail) => mail.subject)).to.deep.equal([
      `Заявка ${card.order.uid} создана на ${site}`,
      `Заявка ${card.order.uid} на ${site}: файл не принят (фото карты)`,
    ]);
    const rejection = cardMails[1]!;
    expect(rejection.text).to.include(`Причина: ${reason}`);
    expect(rejection.html).to.include('Причина: Номер карты закрыт &lt;пальцем&gt;');
    expect(rejection.links).to.include(`${server.config.publicUrl.replace(/\/$/, '')}/order/${card.order.uid}/${card.secret}`);

    const receipt = await orderWithReceipt('en');
    expect((await operator.post(`/operator/reviews/receipt/${receipt.order.uid}/reject`, { reason: '  ' })).status).to.equal(200);
    const receiptMails = await waitForOutbox(server.config.outboxDir, receipt.order.email, 2);
    expect(receiptMails.map((mail) => mail.subject).at(-1)).to.equal(`Order ${receipt.order.uid} on ${site}: payment receipt not accepted`);
    expect(receiptMails.at(-1)!.text).to.include('Reason: none given; make sure the whole document is visible and sharp');
    expect(receiptMails.at(-1)!.text).to.include(`/order/${receipt.order.uid}/${receipt.secret}`);

    // The board's card-reject action mails the same, with the default words.
    const board = await cardOrderWithPhoto();
    expect((await operator.post(`/operator/orders/${board.order.uid}/card-reject`, {})).status).to.equal(200);
    const boardMails = await waitForOutbox(server.config.outboxDir, board.order.email, 2);
    expect(boardMails.map((mail) => mail.subject).at(-1)).to.equal(`Order ${board.order.uid} on ${site}: card photo not accepted`);

    const approved = await cardOrderWithPhoto();
    const decided = await operator.post(`/operator/reviews/card/${approved.order.uid}/approve`, {});
    expect(decided.status).to.equal(200);
    const approvedMails = await waitForOutbox(server.config.outboxDir, approved.order.email, 2);
    expect(approvedMails.map((mail) => mail.subject).at(-1)).to.equal(`Order ${approved.order.uid} on ${site}: card verified`);
    // The deadline the decision gave, as the mail writes a time (UTC, to the minute).
    const deadline = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(decided.body.data.expiresAt));
    expect(approvedMails.at(-1)!.text).to.include(`Pay before ${deadline} UTC`);
    expect(approvedMails.at(-1)!.text).to.include(`/order/${approved.order.uid}/${approved.secret}`);

    // A receipt's approval mails nothing.
    const receiptApproved = await orderWithReceipt('en');
    expect((await operator.post(`/operator/reviews/receipt/${receiptApproved.order.uid}/approve`, {})).status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await waitForOutbox(server.config.outboxDir, receiptApproved.order.email, 2, 300)).to.have.length(1);
  });

  async function waitForVersion(uid: string, version: number): Promise<OrderChangeMessage | undefined> {
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const found = published.find((message) => message.order.uid === uid && message.order.version === version);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  }
});
