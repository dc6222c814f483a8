import { expect } from 'chai';
import type { CreateOrderResponse } from '../../common/orders';
import { TestClient, uniqueEmail } from '../accounts/testing';
import { listOutbox } from '../test/mail';
import { initModels } from '../models';
import { settleOrderMails } from './mail';
import { buildDirection, orderRequest, type TestDirection } from './testing';
import { startTestServer, type TestServer } from '../test/server';
import { ORDER_MAILS_PER_ADDRESS_PER_HOUR, ORDERS_PER_IP_PER_HOUR } from './limits';

describe('orders: limits on what one IP and one address receive', function () {
  this.timeout(60_000);
  let server: TestServer;
  let direction: TestDirection;

  beforeEach(async () => {
    server = await startTestServer();
    direction = await buildDirection(server);
  });

  afterEach(() => server.close());

  it(`mails one address at most ${ORDER_MAILS_PER_ADDRESS_PER_HOUR} "order created" mails an hour and still creates the orders after that`, async () => {
    const client = new TestClient(server.url);
    const stranger = uniqueEmail('stranger');
    const uids: string[] = [];
    for (let i = 0; i < ORDER_MAILS_PER_ADDRESS_PER_HOUR + 3; i++) {
      const response = await client.post('/orders', orderRequest(direction, { email: i % 2 ? stranger.toUpperCase() : stranger }));
      expect(response.status).to.equal(201);
      uids.push((response.body.data as CreateOrderResponse).uid);
    }
    await settleOrderMails();
    const mails = await listOutbox(server.config.outboxDir, { to: stranger });
    expect(mails).to.have.length(ORDER_MAILS_PER_ADDRESS_PER_HOUR);
    const { Order } = initModels(server.db.sequelize);
    expect(await Order.count({ where: { uid: uids } })).to.equal(uids.length);
    // Another address is not held back by the stranger's share.
    const other = uniqueEmail('other');
    expect((await client.post('/orders', orderRequest(direction, { email: other }))).status).to.equal(201);
    await settleOrderMails();
    expect(await listOutbox(server.config.outboxDir, { to: other })).to.have.length(1);
  });

  it(`refuses more than ${ORDERS_PER_IP_PER_HOUR} orders an hour from one IP with 429 and a translated message; refused requests do not count`, async () => {
    const client = new TestClient(server.url);
    const invalid = await client.post('/orders', orderRequest(direction, { amountSend: '0.0000001' }));
    expect(invalid.status).to.equal(400);
    for (let i = 0; i < ORDERS_PER_IP_PER_HOUR; i++) {
      const response = await client.post('/orders', orderRequest(direction));
      expect(response.status, `order ${i + 1}`).to.equal(201);
    }
    const refused = await client.post('/orders', orderRequest(direction));
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.deep.equal({ code: 'too_many_requests', message: 'Too many orders from your network. Please try again in 60 min' });
    expect(Number(refused.headers.get('retry-after'))).to.be.within(3500, 3600);
    const ru = await new TestClient(server.url, 'ru').post('/orders', orderRequest(direction));
    expect(ru.status).to.equal(429);
    expect(ru.body.error?.message).to.equal('Слишком много заявок с вашего адреса. Повторите через 60 мин');
    const { Order } = initModels(server.db.sequelize);
    expect(await Order.count({ where: { fromCode: direction.from } })).to.equal(ORDERS_PER_IP_PER_HOUR);
  });
});
