import { expect } from 'chai';
import type { CreateOrderResponse, OrderDto } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { initModels, type Models } from '../models';
import { buildDirection, orderRequest, type TestDirection } from './testing';
import { startTestServer, type TestServer } from '../test/server';

describe('orders API: the details customers pay into come from the payment_details table', function () {
  this.timeout(30_000);
  let server: TestServer;
  let client: TestClient;
  let direction: TestDirection;
  let models: Models;

  before(async () => {
    server = await startTestServer();
    client = new TestClient(server.url);
    direction = await buildDirection(server, { rate: '100', from: { type: 'coin', precision: 8 }, to: { type: 'fiat', precision: 2 } });
    models = initModels(server.db.sequelize);
  });

  after(async () => {
    await server.close();
  });

  /** A new order of the direction, confirmed: at the pay step. */
  async function orderAtPayStep(): Promise<{ base: string; order: OrderDto }> {
    const created = await client.post('/orders', orderRequest(direction, { amountSend: '0.5' }));
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const { uid, secret } = created.body.data as CreateOrderResponse;
    const base = `/orders/${uid}/${secret}`;
    const confirmed = await client.post(`${base}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(confirmed.body.data).to.include({ step: 'pay' });
    return { base, order: confirmed.body.data as OrderDto };
  }

  it('shows a new order the row as the exchanger edited it', async () => {
    await models.PaymentDetail.update(
      { account: 'bc1qeditedbytheadmin0000000000000000000', memo: '4242', note: 'Edited note' },
      { where: { assetCode: direction.from } },
    );
    const { base, order } = await orderAtPayStep();
    expect(order.payment).to.include({ account: 'bc1qeditedbytheadmin0000000000000000000', memo: '4242', amount: '0.5', note: 'Edited note' });
    // The QR's scheme comes from the asset's name; the address and tag from the row.
    expect(order.payment?.qr).to.match(/^[a-z0-9]+:bc1qeditedbytheadmin0000000000000000000\?amount=0\.5&memo=4242$/);
    expect((await client.get(base)).body.data.payment).to.deep.equal(order.payment);
  });

  it('shows no details, without failing, while the row is disabled, and shows them again once enabled', async () => {
    await models.PaymentDetail.update({ enabled: false }, { where: { assetCode: direction.from } });
    const { base, order } = await orderAtPayStep();
    expect(order).to.include({ step: 'pay', payment: null });
    const read = await client.get(base);
    expect(read.status).to.equal(200);
    expect(read.body.data).to.include({ step: 'pay', payment: null });
    await models.PaymentDetail.update({ enabled: true }, { where: { assetCode: direction.from } });
    expect((await client.get(base)).body.data.payment).to.include({ amount: '0.5', memo: '4242' });
  });

  it('shows no details, without failing, when the asset has no row at all', async () => {
    await models.PaymentDetail.destroy({ where: { assetCode: direction.from } });
    const { base, order } = await orderAtPayStep();
    expect(order).to.include({ step: 'pay', payment: null });
    const read = await client.get(base);
    expect(read.status).to.equal(200);
    expect(read.body.data.payment).to.equal(null);
  });
});
