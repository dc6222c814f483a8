import { expect } from 'chai';
import type { BoardOrderDrawer } from '../../common/board';
import type { CreateOrderResponse } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { directionKey } from '../rates/engine';
import { fixedMarket } from '../rates/testing/fixedMarket';
import { startTestWorker } from '../rates/testing/live';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { signedInAs } from './testing';

describe("the drawer's market rate and profit, from the worker's prices to a new order", function () {
  this.timeout(60_000);
  let server: TestServer;
  let worker: RunningWorker;
  let operator: Awaited<ReturnType<typeof signedInAs>>;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    operator = await signedInAs(server, 'operator');
    // BTC-priced coin → RUB-priced card, markup 1.5 %: the worker's rate replaces the helper's.
    direction = await buildDirection(server, { rate: '1', to: { type: 'fiat', precision: 2 } });
    await initModels(server.db.sequelize).Direction.update({ markup: '1.5' }, { where: { fromCode: direction.from, toCode: direction.to } });
    worker = await startTestWorker(server, { sources: [{ provider: fixedMarket, everyMs: 0, maxAgeMs: 60_000 }] });
    const deadline = Date.now() + 20_000;
    while (server.rates.current()?.rates.get(directionKey(direction))?.rate !== '9727.86') {
      if (Date.now() > deadline) throw new Error('the worker did not price the test direction');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  after(async () => {
    await worker?.close();
    await server?.close();
  });

  it('records the rate before the markup at creation and shows it with the profit, exactly', async () => {
    const customer = new TestClient(server.url);
    const response = await customer.post('/orders', orderRequest(direction, { amountSend: '0.5' }));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    const created = response.body.data as CreateOrderResponse;
    // 123.45 / 0.0125 = 9876 before the markup; × 0.985 = 9727.86; 0.5 of it = 4863.93.
    expect(created.order).to.include({ rate: '9727.86', amountReceive: '4863.93' });
    // The customer never sees the market rate.
    expect(JSON.stringify(created)).not.to.contain('9876');
    const row = await initModels(server.db.sequelize).Order.findOne({ where: { uid: created.uid } });
    expect(row?.marketRate).to.equal('9876');

    const drawer = (await operator.get(`/operator/orders/${created.uid}`)).body.data as BoardOrderDrawer;
    // 0.5 × 9876 − 4863.93
    expect(drawer).to.include({ rateAtCreation: '9727.86', marketRate: '9876', rateAtReceipt: null, profit: '74.07' });

    // Once funds are in, the profit counts what came: 0.6 × 9876 − 4863.93.
    const received = await operator.post(`/operator/orders/${created.uid}/received`, { amount: '0.6' });
    expect(received.status, JSON.stringify(received.body)).to.equal(200);
    const after = (await operator.get(`/operator/orders/${created.uid}`)).body.data as BoardOrderDrawer;
    expect(after).to.include({ marketRate: '9876', rateAtReceipt: '9727.86', profit: '1061.67' });
  });

  it('sends browsers no price: the public rates list carries none', async () => {
    const rates = await fetch(`${server.url}/api/rates`, { headers: { lang: 'en' } });
    const body = await rates.text();
    expect(body).to.contain('9727.86');
    expect(body).not.to.match(/"bid"|"ask"|"prices"|9876/);
  });
});
