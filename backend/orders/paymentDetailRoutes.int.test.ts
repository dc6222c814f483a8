import { expect } from 'chai';
import fc from 'fast-check';
import { hostileBody } from '../test/hostileInput';
import type { CreateOrderResponse, OrderDto } from '../../common/orders';
import type { PaymentDetailDto } from '../../common/paymentDetails';
import { TestClient } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { initModels, type Models } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import { buildDirection, orderRequest, randomBtcWallet, type TestDirection } from './testing';

/** The admin's own wallet (a real bech32 form: the rows are checked like an order's account). */
const ADMIN_WALLET = randomBtcWallet();
describe('admin payment details: /api/admin/payment-details, rotation, soft delete, demo rows', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestClient;
  let customer: TestClient;
  let models: Models;

  before(async () => {
    server = await startTestServer();
    models = initModels(server.db.sequelize);
    admin = await signedInAs(server, 'admin');
    customer = new TestClient(server.url);
  });

  after(async () => {
    await server.close();
  });

  async function addDetail(body: Record<string, unknown>): Promise<PaymentDetailDto> {
    const response = await admin.post('/admin/payment-details', body);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data as PaymentDetailDto;
  }

  async function newOrder(direction: TestDirection): Promise<{ base: string; uid: string }> {
    const created = await customer.post('/orders', orderRequest(direction, { amountSend: '0.5' }));
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const { uid, secret } = created.body.data as CreateOrderResponse;
    return { base: `/orders/${uid}/${secret}`, uid };
  }

  async function orderAtPayStep(direction: TestDirection): Promise<{ base: string; order: OrderDto }> {
    const { base } = await newOrder(direction);
    const confirmed = await customer.post(`${base}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    return { base, order: confirmed.body.data as OrderDto };
  }

  it('is open to admins only', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/admin/payment-details', roles: ADMIN_ONLY },
      { method: 'POST', path: '/admin/payment-details', roles: ADMIN_ONLY, body: {} },
      { method: 'DELETE', path: '/admin/payment-details/999999999', roles: ADMIN_ONLY },
    ]);
  });

  it('creates, lists and soft-deletes details, each write audited with the account masked', async () => {
    const direction = await buildDirection(server);
    const created = await addDetail({ asset: direction.from, account: ADMIN_WALLET, note: 'Cold wallet' });
    expect(created).to.include({ asset: direction.from, account: ADMIN_WALLET, note: 'Cold wallet', demo: false, enabled: true, useCount: 0 });
    const list = await admin.get('/admin/payment-details');
    expect(list.status).to.equal(200);
    const mine = (list.body.data.details as PaymentDetailDto[]).filter((row) => row.asset === direction.from);
    expect(mine.map((row) => row.demo)).to.deep.equal([true, false]);
    const removed = await admin.request('DELETE', `/admin/payment-details/${created.id}`);
    expect(removed.status, JSON.stringify(removed.body)).to.equal(200);
    expect((await admin.request('DELETE', `/admin/payment-details/${created.id}`)).status).to.equal(404);
    const after = (await admin.get('/admin/payment-details')).body.data.details as PaymentDetailDto[];
    expect(after.some((row) => row.id === created.id)).to.equal(false);
    expect(await models.PaymentDetail.count({ where: { id: created.id } })).to.equal(1);
    const audit = await models.AuditRecord.findAll({ where: { targetType: 'payment-detail', targetId: String(created.id) }, order: [['id', 'ASC']] });
    expect(audit.map((record) => record.action)).to.deep.equal(['payment-detail.create', 'payment-detail.delete']);
    expect(JSON.stringify(audit.map((record) => [record.before, record.after]))).to.not.include(ADMIN_WALLET.slice(0, 12));
    expect((audit[0]!.after as Record<string, unknown>).account).to.equal(`****${ADMIN_WALLET.slice(-4)}`);
  });

  it('checks the account by asset type: Luhn for cards, no spaces in wallets, unknown assets refused', async () => {
    const cards = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    const wallets = await buildDirection(server);
    const refused = [
      { asset: cards.from, account: '4111 1111 1111 1112' },
      { asset: cards.from, account: '4111' },
      { asset: cards.from, account: 'not a card number' },
      { asset: wallets.from, account: 'bc1q with spaces 0000000' },
      { asset: wallets.from, account: '' },
      { asset: wallets.from, account: '   ' },
      { asset: 'NO_SUCH_ASSET_X', account: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      { asset: wallets.from, account: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', holder: 'x'.repeat(65) },
    ];
    for (const body of refused) {
      const response = await admin.post('/admin/payment-details', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error?.code).to.equal('validation_failed');
    }
    // An unknown asset is named as such, in the admin's language.
    const unknown = await admin.post('/admin/payment-details', { asset: 'NO_SUCH_ASSET_X', account: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' }, { lang: 'en' });
    expect(unknown.body.error?.fields).to.deep.equal({ asset: 'No such asset in the catalogue: check its code' });
    const card = await addDetail({ asset: cards.from, account: '4111-1111-1111-1111', holder: 'Ivan Petrov' });
    expect(card).to.include({ account: '4111 1111 1111 1111', holder: 'Ivan Petrov' });
  });

  it('answers any JSON body of an admin with 4xx and the envelope, never a 5xx, creating nothing', async () => {
    const before = await models.PaymentDetail.count();
    await fc.assert(
      fc.asyncProperty(hostileBody({ asset: 'NO_SUCH_ASSET_Z', account: '4111 1111 1111 1111', holder: 'Ivan', note: 'n', memo: 'm' }), async (body) => {
        const response = await fetch(`${server.url}/api/admin/payment-details`, {
          method: 'POST',
          headers: { origin: server.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie: admin.cookieHeader() },
          body,
        });
        const text = await response.text();
        expect(response.status, `${body.slice(0, 200)} → ${text.slice(0, 200)}`).to.be.within(400, 499);
        expect((JSON.parse(text) as { error: { code: string } }).error.code).to.match(/^[a-z_]+$/);
      }),
      { seed: 20_261_124, numRuns: 40, endOnFailure: true },
    );
    for (const id of ['abc', '-1', '1e3', '99999999999', '0']) {
      expect((await admin.request('DELETE', `/admin/payment-details/${id}`)).status, id).to.equal(404);
    }
    expect(await models.PaymentDetail.count()).to.be.at.least(before);
  });

  it('gives concurrent orders the details in rotation, least recently used first, each row equally', async () => {
    const direction = await buildDirection(server);
    const rows = [];
    for (let index = 1; index <= 3; index += 1) rows.push(await addDetail({ asset: direction.from, account: randomBtcWallet() }));
    const orders = await Promise.all(Array.from({ length: 9 }, () => newOrder(direction)));
    const stored = await models.Order.findAll({ where: { uid: orders.map((order) => order.uid) } });
    const counts = new Map<number | null, number>();
    for (const order of stored) counts.set(order.paymentDetailId, (counts.get(order.paymentDetailId) ?? 0) + 1);
    expect(Object.fromEntries(counts)).to.deep.equal(Object.fromEntries(rows.map((row) => [row.id, 3])));
    const list = (await admin.get('/admin/payment-details')).body.data.details as PaymentDetailDto[];
    expect(list.filter((row) => row.asset === direction.from && !row.demo).map((row) => row.useCount)).to.deep.equal([3, 3, 3]);
  });

  it('lets an order keep the details it was given after they are deleted; new orders get the others', async () => {
    const direction = await buildDirection(server);
    const first = await addDetail({ asset: direction.from, account: randomBtcWallet() });
    const { base, order } = await orderAtPayStep(direction);
    expect(order.payment?.account).to.equal(first.account);
    const second = await addDetail({ asset: direction.from, account: randomBtcWallet() });
    expect((await admin.request('DELETE', `/admin/payment-details/${first.id}`)).status).to.equal(200);
    expect((await customer.get(base)).body.data.payment.account).to.equal(first.account);
    const later = await orderAtPayStep(direction);
    expect(later.order.payment?.account).to.equal(second.account);
    // With every real row deleted, no demo row comes back.
    expect((await admin.request('DELETE', `/admin/payment-details/${second.id}`)).status).to.equal(200);
    const none = await orderAtPayStep(direction);
    expect(none.order.payment).to.equal(null);
  });

  it('never shows a demo row once its asset has a real one, not even on an order given it before', async () => {
    const direction = await buildDirection(server);
    const demo = await orderAtPayStep(direction);
    const demoRow = await models.PaymentDetail.findOne({ where: { assetCode: direction.from, demo: true } });
    expect(demo.order.payment?.account).to.equal(demoRow!.account);
    const real = await addDetail({ asset: direction.from, account: randomBtcWallet() });
    for (let index = 0; index < 3; index += 1) {
      expect((await orderAtPayStep(direction)).order.payment?.account).to.equal(real.account);
    }
    expect((await customer.get(demo.base)).body.data.payment).to.equal(null);
  });
});
