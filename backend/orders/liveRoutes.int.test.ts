import { expect } from 'chai';
import type { OrderDto } from '../../common/orders';
import { buildUser, TestClient } from '../accounts/testing';
import { nextEvent, openClient, pause, record, type ClientSocket } from '../test/sockets';
import { startTestServer, type TestServer } from '../test/server';
import { buildDirection, buildOrder } from './testing';

// The whole path: the order API's commands publish each change, the web process forwards it to
// the order's page and to the operators' console over Socket.IO.
describe('orders live through the order API', function () {
  this.timeout(60_000);
  let server: TestServer;
  let operator: TestClient;
  const sockets: ClientSocket[] = [];

  before(async () => {
    server = await startTestServer();
    const { email, password } = await buildUser(server.db.sequelize, { role: 'operator' });
    operator = new TestClient(server.url);
    expect((await operator.signIn(email, password)).status).to.equal(200);
  });

  after(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server?.close();
  });

  async function open(cookie?: string): Promise<ClientSocket> {
    const socket = await openClient(server.url, { cookie, lang: 'en' });
    sockets.push(socket);
    return socket;
  }

  it('follows a floating order from confirm to funds received on its page and in the console, without reloading', async () => {
    const direction = await buildDirection(server, { rate: '100' });
    const { order, secret } = await buildOrder(server, { direction, request: { rateType: 'float', amountSend: '1' } });
    const page = await open();
    const operatorConsole = await open(operator.cookieHeader());
    const joined = await page.emitWithAck('order:join', { uid: order.uid, secret });
    if (!('data' in joined)) throw new Error(JSON.stringify(joined));
    const first: OrderDto = joined.data;
    expect(first.expiresAt).to.be.a('string');
    await nextEvent(page, 'order:tick', (tick) => tick.uid === order.uid);

    // The customer confirms through the API.
    const confirmed = nextEvent(page, 'order:status', (event) => event.order.version === first.version + 1);
    const seenByOperator = nextEvent(operatorConsole, 'operators:order', (event) => event.uid === order.uid && event.order.version === first.version + 1);
    expect((await new TestClient(server.url).post(`/orders/${order.uid}/${secret}/confirm`)).status).to.equal(200);
    expect((await confirmed).order.confirmedAt).to.be.a('string');
    expect((await seenByOperator).order.id).to.equal(order.id);

    // Funds arrive: a floating order is recalculated at the current rate and its timer ends.
    const recalc = nextEvent(page, 'order:recalc', (event) => event.uid === order.uid);
    const progress = nextEvent(page, 'order:status', (event) => event.status === 'progress');
    const consoleProgress = nextEvent(operatorConsole, 'operators:order', (event) => event.uid === order.uid && event.status === 'progress');
    expect((await operator.post(`/operator/orders/${order.uid}/received`, { amount: '0.9' })).status).to.equal(200);
    const recalculated = await recalc;
    expect(recalculated).to.include({ amountSend: '0.9', rate: recalculated.order.rate, amountReceive: recalculated.order.amountReceive });
    expect((await progress).order).to.deep.equal(recalculated.order);
    expect((await consoleProgress).order.receivedAmount).to.equal('0.9');
    expect(recalculated.order.expiresAt).to.equal(null);
    const ticks = record(page, 'order:tick');
    await pause(1500);
    expect(ticks).to.deep.equal([]);
  });
});
