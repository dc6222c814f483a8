import { expect } from 'chai';
import { rooms } from '../../common/events';
import { buildUser, TestClient } from '../accounts/testing';
import { buildOrder } from '../orders/testing';
import { changeOrder, insertOrder } from '../orders/testing/live';
import { startTestServer, type TestServer } from '../test/server';
import { nextEvent, openClient, pause, record, type ClientSocket } from '../test/sockets';

describe('operators room', function () {
  let server: TestServer;
  const sockets: ClientSocket[] = [];

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server?.close();
  });

  async function signedIn(role: 'user' | 'operator' | 'admin'): Promise<ClientSocket> {
    const { email, password } = await buildUser(server.db.sequelize, { role });
    const browser = new TestClient(server.url);
    await browser.signIn(email, password);
    const socket = await openClient(server.url, { cookie: browser.cookieHeader() });
    sockets.push(socket);
    return socket;
  }

  it('puts operators and admins in `operators`, and nobody else', async () => {
    const operator = await signedIn('operator');
    const admin = await signedIn('admin');
    const user = await signedIn('user');
    const anonymous = await openClient(server.url);
    sockets.push(anonymous);
    const members = (await server.io.local.in(rooms.operators).fetchSockets()).map((socket) => socket.id);
    expect(members).to.include.members([operator.id, admin.id]);
    expect(members.filter((id) => id === user.id || id === anonymous.id)).to.deep.equal([]);
  });

  it('sends operators:order with the operator view of every change, never to a customer or another user', async () => {
    const operator = await signedIn('operator');
    const user = await signedIn('user');
    const { uid, secret } = await insertOrder(server);
    const customer = await openClient(server.url);
    sockets.push(customer);
    expect('data' in (await customer.emitWithAck('order:join', { uid, secret }))).to.equal(true);
    const leaked = [record(user, 'operators:order'), record(customer, 'operators:order')];
    const received = nextEvent(operator, 'operators:order', (event) => event.uid === uid);
    const change = await changeOrder(server, uid, { status: 'hold' });
    const event = await received;
    expect(event).to.deep.equal({ uid, status: 'hold', order: change.operator });
    expect(event.order).to.include.keys('id', 'userId', 'lang', 'cardPhoto', 'receipt');
    await pause(200);
    expect(leaked).to.deep.equal([[], []]);
  });

  it('marks a new order of a verified user as priority on operators:order (a later change leaves the mark to the board)', async () => {
    const operator = await signedIn('operator');
    const { user } = await buildUser(server.db.sequelize);
    const verified = nextEvent(operator, 'operators:order', (event) => event.order.userId === user.id);
    const { order } = await buildOrder(server, { userId: user.id, kycStatus: 'approve' });
    expect(await verified).to.deep.include({ uid: order.uid, priority: true });
    const anonymous = nextEvent(operator, 'operators:order', (event) => event.order.userId === null && event.uid !== order.uid);
    const { order: other } = await buildOrder(server);
    expect(await anonymous).to.deep.include({ uid: other.uid, priority: false });
    const later = nextEvent(operator, 'operators:order', (event) => event.uid === order.uid);
    await changeOrder(server, order.uid, { status: 'hold' });
    expect(await later).to.not.have.property('priority');
  });
});
