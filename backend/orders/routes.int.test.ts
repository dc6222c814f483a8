import { expect } from 'chai';
import { formatMoney } from '../../common/money';
import type { CreateOrderResponse, OrderDto } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { buildDirection, buildOrder, orderRequest, randomBtcWallet, publishTestRate, testRate, waitForOutbox, type TestDirection } from './testing';
import { startTestServer, type TestServer } from '../test/server';

describe('orders API: create, read, customer actions', function () {
  this.timeout(30_000);
  let server: TestServer;
  let client: TestClient;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    client = new TestClient(server.url);
    direction = await buildDirection(server, { rate: '100.5', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
  });

  after(async () => {
    await server.close();
  });

  async function create(overrides = {}): Promise<CreateOrderResponse> {
    const response = await client.post('/orders', orderRequest(direction, overrides));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data as CreateOrderResponse;
  }

  it('creates an order at the current rate with a public uid, a 256-bit secret and its page url', async () => {
    const before = Date.now();
    const created = await create({ amountSend: '2' });
    expect(created.uid).to.match(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(Buffer.from(created.secret, 'base64url')).to.have.length(32);
    expect(created.url).to.equal(`/order/${created.uid}/${created.secret}`);
    const order = created.order;
    expect(order).to.include({ status: 'new', step: 'confirm', rate: '100.5', amountSend: '2', amountReceive: '201', rateType: 'fixed', cardCheck: 'not_required', version: 1 });
    const window = Date.parse(order.expiresAt!) - before;
    expect(window).to.be.within(29 * 60_000, 31 * 60_000);
    expect(order.rateLockedUntil).to.equal(order.expiresAt);
    expect(order.history.map((entry) => entry.action)).to.deep.equal(['created']);
    expect(JSON.stringify(order)).not.to.include(created.secret);
  });

  it('answers the created order exactly as GET answers it right after', async () => {
    for (const overrides of [{}, { rateType: 'float' as const, comment: 'first order', senderAccount: randomBtcWallet() }]) {
      const created = await create(overrides);
      const found = await client.get(`/orders/${created.uid}/${created.secret}`);
      expect(found.status).to.equal(200);
      expect(created.order).to.deep.equal(found.body.data as OrderDto);
      expect(created.order).to.include({ receiptUploaded: false, receivedAmount: null, exception: null, deleteReason: null, refundAddress: null });
    }
  });

  it('computes what to send when the amount to receive is given (rounded up to the from precision)', async () => {
    const created = await create({ amountSend: undefined, amountReceive: '100' });
    expect(created.order.amountReceive).to.equal('100');
    expect(created.order.amountSend).to.equal('0.99502488');
  });

  it('answers the order to its secret, and a wrong secret exactly like a missing order', async () => {
    const created = await create();
    const found = await client.get(`/orders/${created.uid}/${created.secret}`);
    expect(found.status).to.equal(200);
    expect((found.body.data as OrderDto).uid).to.equal(created.uid);
    const wrongSecret = await client.get(`/orders/${created.uid}/${'A'.repeat(43)}`);
    const missing = await client.get(`/orders/ZZZZZZZZZZ/${created.secret}`);
    expect(wrongSecret.status).to.equal(404);
    expect(missing.status).to.equal(404);
    expect(wrongSecret.body).to.deep.equal(missing.body);
    const wrongAction = await client.post(`/orders/${created.uid}/${'A'.repeat(43)}/cancel`);
    expect(wrongAction.status).to.equal(404);
    expect(wrongAction.body).to.deep.equal(missing.body);
  });

  it('refuses amounts outside the limits with the widget messages, in the reader language, and stores nothing', async () => {
    const { Order } = initModels(server.db.sequelize);
    const count = await Order.count({ where: { fromCode: direction.from } });
    const below = await client.post('/orders', orderRequest(direction, { amountSend: '0.0001' }));
    expect(below.status).to.equal(400);
    expect(below.body.error?.code).to.equal('validation_failed');
    expect(below.body.error?.fields?.amountSend).to.equal('The value must not be below the minimum: 0.001 BTC');
    const precise = await client.post('/orders', orderRequest(direction, { amountSend: '1.123456789' }));
    expect(precise.status).to.equal(400);
    expect(precise.body.error?.fields).to.have.property('amountSend');
    const ru = new TestClient(server.url, 'ru');
    const above = await ru.post('/orders', orderRequest(direction, { amountSend: '5000' }));
    expect(above.status).to.equal(400);
    expect(above.body.error?.fields?.amountSend).to.match(/[а-я]/i);
    expect(await Order.count({ where: { fromCode: direction.from } })).to.equal(count);
  });

  it('refuses a request with both amounts, no amount, unticked terms or a bad email', async () => {
    const both = await client.post('/orders', orderRequest(direction, { amountSend: '1', amountReceive: '100' }));
    expect(both.status).to.equal(400);
    expect(both.body.error?.fields).to.have.property('amountReceive');
    const none = await client.post('/orders', orderRequest(direction, { amountSend: undefined }));
    expect(none.status).to.equal(400);
    const terms = await client.post('/orders', orderRequest(direction, { agreeTerms: false, email: 'nope' }));
    expect(terms.status).to.equal(400);
    expect(terms.body.error?.fields).to.include({ agreeTerms: 'Accept the terms of use to continue', email: 'Enter a valid email' });
  });

  it('refuses an unknown or stale direction with 422 direction_unavailable and an unoffered rate type', async () => {
    const unknown = await client.post('/orders', orderRequest({ from: 'NOPE1', to: 'NOPE2' }));
    expect(unknown.status).to.equal(422);
    expect(unknown.body.error?.code).to.equal('direction_unavailable');
    const stale = await buildDirection(server);
    await publishTestRate(server, testRate({ from: stale.from, to: stale.to, rate: stale.rate }, { stale: true }));
    const staleAnswer = await client.post('/orders', orderRequest(stale));
    expect(staleAnswer.status).to.equal(422);
    const fixedOnly = await buildDirection(server, { rateTypes: ['fixed'] });
    const float = await client.post('/orders', orderRequest(fixedOnly, { rateType: 'float' }));
    expect(float.status).to.equal(400);
    expect(float.body.error?.fields).to.have.property('rateType');
  });

  it('checks the accounts and the extra fields the direction asks for', async () => {
    const withMemo = await buildDirection(server, { extraFields: [{ name: 'memo', required: true, pattern: '^[0-9]+$' }] });
    const missing = await client.post('/orders', orderRequest(withMemo, { receiverAccount: undefined }));
    expect(missing.status).to.equal(400);
    expect(missing.body.error?.fields).to.include({ receiverAccount: 'This field is required', 'extra.memo': 'This field is required' });
    const badMemo = await client.post('/orders', orderRequest(withMemo, { extra: { memo: 'abc' } }));
    expect(badMemo.body.error?.fields).to.include({ 'extra.memo': 'Value is incorrect' });
    const ok = await client.post('/orders', orderRequest(withMemo, { extra: { memo: '123', tag: 'dropped' } }));
    expect(ok.status).to.equal(201);
    expect(ok.body.data.order.extra).to.deep.equal({ memo: '123' });
  });

  it('takes a bank card side only as a card number passing Luhn, and a wallet only in its network\'s form', async () => {
    const toCard = await buildDirection(server, { from: { type: 'coin' }, to: { type: 'fiat' } });
    for (const [receiverAccount, message] of [
      ['Ivan Petrov', 'Incorrect account details entered'],
      ['1234', 'Incorrect account details entered'],
      ['abcd efgh ijkl', 'Incorrect account details entered'],
      ['4276380012345678', 'Check the card number: a digit is wrong'],
    ]) {
      const refused = await client.post('/orders', orderRequest(toCard, { receiverAccount }));
      expect([refused.status, refused.body.error?.fields], receiverAccount).to.deep.equal([400, { receiverAccount: message }]);
    }
    for (const receiverAccount of ['4111111111111111', '4276 3800 1234 5679', '4276-3800-1234-5679']) {
      expect((await client.post('/orders', orderRequest(toCard, { receiverAccount }))).status, receiverAccount).to.equal(201);
    }
    const fromCard = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    const badSender = await client.post('/orders', orderRequest(fromCard, { senderAccount: '4111111111111112', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }));
    expect(badSender.body.error?.fields).to.deep.equal({ senderAccount: 'Check the card number: a digit is wrong' });
    const spacedWallet = await client.post('/orders', orderRequest(fromCard, { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2k gdygjrsq tzq2n0yr' }));
    expect(spacedWallet.body.error?.fields).to.deep.equal({ receiverAccount: 'This is not a BTC address: copy it from your wallet again' });
    // The test coins are priced as BTC: a Tron address or a bech32 one with a mistyped character is no BTC wallet.
    for (const receiverAccount of ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj']) {
      const wrongNetwork = await client.post('/orders', orderRequest(fromCard, { senderAccount: '4111111111111111', receiverAccount }));
      expect([wrongNetwork.status, wrongNetwork.body.error?.fields], receiverAccount).to.deep.equal([400, { receiverAccount: 'This is not a BTC address: copy it from your wallet again' }]);
    }
    // A fast-payment (SBP) side is no card: its account keeps the general rule.
    const sbp = await buildDirection(server, { from: { type: 'coin' }, to: { type: 'fiat', prefix: 'SBP' } });
    expect((await client.post('/orders', orderRequest(sbp, { receiverAccount: '+7 999 123 45 67' }))).status).to.equal(201);
  });

  it('asks a bank card sender to verify the card, unless the sender pays by fast payment', async () => {
    const card = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    const cardOrder = await client.post('/orders', orderRequest(card, { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }));
    expect(cardOrder.status, JSON.stringify(cardOrder.body)).to.equal(201);
    expect(cardOrder.body.data.order.cardCheck).to.equal('required');
    const sbp = await buildDirection(server, { from: { type: 'fiat', prefix: 'SBP' }, to: { type: 'coin' } });
    const sbpOrder = await client.post('/orders', orderRequest(sbp, { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }));
    expect(sbpOrder.body.data.order.cardCheck).to.equal('not_required');
  });

  it('skips the card check for a signed-in verified user (KYC approved)', async () => {
    const { buildUser } = await import('../accounts/testing');
    const { email, password, user } = await buildUser(server.db.sequelize);
    await user.update({ kycStatus: 'approve' });
    const verified = new TestClient(server.url);
    await verified.signIn(email, password);
    const card = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    const response = await verified.post('/orders', orderRequest(card, { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }));
    expect(response.status).to.equal(201);
    expect(response.body.data.order.cardCheck).to.equal('not_required');
  });

  it('refuses an amount sent as a JSON number (it may already be rounded by a double)', async () => {
    const response = await client.post('/orders', { ...orderRequest(direction), amountSend: 0.1 });
    expect(response.status).to.equal(400);
    expect(response.body.error?.fields?.amountSend).to.equal('Invalid amount entered');
  });

  it('links a signed-in user’s order to them and keeps the referral code', async () => {
    const { buildUser } = await import('../accounts/testing');
    const { email, password, user } = await buildUser(server.db.sequelize);
    const signedIn = new TestClient(server.url);
    expect((await signedIn.signIn(email, password)).status).to.equal(200);
    const response = await signedIn.post('/orders', orderRequest(direction, { ref: 'partner_42' }));
    expect(response.status).to.equal(201);
    const row = await initModels(server.db.sequelize).Order.findOne({ where: { uid: response.body.data.uid } });
    expect(row?.userId).to.equal(user.id);
    expect(row?.ref).to.equal('partner_42');
    const badRef = await signedIn.post('/orders', orderRequest(direction, { ref: 'no spaces' }));
    expect(badRef.status).to.equal(400);
  });

  it('walks confirm → pay → paid: the timer stops and each change is recorded', async () => {
    const created = await create();
    const base = `/orders/${created.uid}/${created.secret}`;
    const paidTooEarly = await client.post(`${base}/paid`);
    expect(paidTooEarly.status).to.equal(409);
    expect(paidTooEarly.body.error).to.include({ code: 'invalid_transition', message: 'This action is not possible in the order’s current state. Refresh the page' });
    const confirmed = await client.post(`${base}/confirm`);
    expect(confirmed.body.data).to.include({ step: 'pay', version: 2 });
    expect(confirmed.body.data.payment).to.include({ amount: created.order.amountSend });
    expect((await client.post(`${base}/confirm`)).status).to.equal(409);
    const paid = await client.post(`${base}/paid`);
    expect(paid.status).to.equal(200);
    expect(paid.body.data).to.include({ step: 'processing', expiresAt: null, version: 3 });
    expect(paid.body.data.history.map((entry: { action: string; actor: string }) => `${entry.action}:${entry.actor}`)).to.deep.equal([
      'created:customer',
      'confirm:customer',
      'paid:customer',
    ]);
    expect((await client.post(`${base}/cancel`)).status).to.equal(409);
  });

  it('cancels an unpaid order; nothing more is possible after', async () => {
    const created = await create();
    const base = `/orders/${created.uid}/${created.secret}`;
    const cancelled = await client.post(`${base}/cancel`);
    expect(cancelled.body.data).to.include({ status: 'deleted', deleteReason: 'cancelled', step: 'finished' });
    expect(cancelled.body.data.payment).to.equal(null);
    expect((await client.post(`${base}/confirm`)).status).to.equal(409);
    expect((await client.post(`${base}/cancel`)).status).to.equal(409);
  });

  it('takes a refund address only for an order in an exception with funds in it', async () => {
    const { order, secret } = await buildOrder(server, { direction, set: { status: 'warning', receivedAmount: '0.5', exception: 'underpaid' } });
    const base = `/orders/${order.uid}/${secret}`;
    const bad = await client.post(`${base}/refund-address`, { address: '' });
    expect(bad.status).to.equal(400);
    const ok = await client.post(`${base}/refund-address`, { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
    expect(ok.status).to.equal(200);
    expect(ok.body.data.refundAddress).to.equal('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    const fresh = await create();
    expect((await client.post(`/orders/${fresh.uid}/${fresh.secret}/refund-address`, { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' })).status).to.equal(409);
  });

  it('emails the order link on creation and the status on every change, in the order language', async () => {
    const ru = new TestClient(server.url, 'ru');
    const email = `mail-${Date.now()}@example.test`;
    const response = await ru.post('/orders', orderRequest(direction, { email }));
    const created = response.body.data as CreateOrderResponse;
    await ru.post(`/orders/${created.uid}/${created.secret}/cancel`);
    const mails = await waitForOutbox(server.config.outboxDir, email, 2);
    expect(mails).to.have.length(2);
    expect(mails[0]!.subject).to.include(created.uid).and.match(/создана/);
    expect(mails[0]!.links).to.include(`${server.config.publicUrl}/order/${created.uid}/${created.secret}`);
    expect(mails[0]!.text).to.include(`/order/${created.uid}/${created.secret}`);
    // The amounts as the order page shows them, each side by its name, not the catalogue's code.
    const order = created.order;
    expect(mails[0]!.text).to.include(
      `Вы отправляете ${formatMoney(order.amountSend, 'BTC')} (Test ${direction.from}) и получаете ${formatMoney(order.amountReceive, 'RUB')} (Test ${direction.to}).`,
    );
    expect(mails[1]!.subject).to.equal(`Заявка ${created.uid} на ${new URL(server.config.publicUrl).host}: удалена`);
    const en = await create({ email: `en-${email}` });
    const enMails = await waitForOutbox(server.config.outboxDir, `en-${email}`, 1);
    expect(enMails[0]!.subject).to.equal(`Order ${en.uid} created on ${new URL(server.config.publicUrl).host}`);
  });
});

describe('orders API in maintenance', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ MAINTENANCE: '1' });
  });

  after(async () => {
    await server.close();
  });

  it('refuses new orders with 503 maintenance while existing orders keep working', async () => {
    const client = new TestClient(server.url);
    const direction = await buildDirection(server);
    const refused = await client.post('/orders', orderRequest(direction));
    expect(refused.status).to.equal(503);
    expect(refused.body.error).to.deep.equal({ code: 'maintenance', message: 'Technical maintenance is in progress. Paid orders are still being processed' });
    const { order, secret } = await buildOrder(server, { direction });
    const confirmed = await client.post(`/orders/${order.uid}/${secret}/confirm`);
    expect(confirmed.status).to.equal(200);
  });
});
