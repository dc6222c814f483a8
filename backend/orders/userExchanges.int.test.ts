import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { ORDER_STATUSES, type OrderStatus } from '../../common/enums';
import { HISTORY_FILTER_STATUSES, HISTORY_FILTERS, USER_EXCHANGES_PAGE_SIZE, type UserExchangeDto, type UserExchangeList } from '../../common/userExchanges';
import { signedInAs } from '../console/testing';
import { TestClient } from '../accounts/testing';
import { startTestServer, type TestServer } from '../test/server';
import { buildDirection, buildOrder, type TestDirection } from './testing';
import { findOrderChangesSince } from './changedSince';

// The signed-in user's history (backend/orders/userExchanges.ts) through the real HTTP app and sockets.
describe('orders: the user exchange history', function () {
  let server: TestServer;
  let direction: TestDirection;
  const sockets: Socket[] = [];

  before(async () => {
    server = await startTestServer();
    direction = await buildDirection(server, { rate: '100' });
  });

  after(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  function list(client: TestClient, query = ''): Promise<UserExchangeList> {
    return client.get(`/user/exchanges${query}`).then((response) => {
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response.body.data as UserExchangeList;
    });
  }

  function open(cookie?: string): Promise<Socket> {
    const socket = connect(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('answers 401 to an anonymous request, for the list and for a link', async () => {
    const anonymous = new TestClient(server.url);
    const { order } = await buildOrder(server, { direction });
    expect((await anonymous.get('/user/exchanges')).status).to.equal(401);
    expect((await anonymous.get(`/user/exchanges/${order.uid}/link`)).status).to.equal(401);
  });

  it("lists only the user's own orders, newest first, and never hands out another user's link", async () => {
    const alice = await signedInAs(server, 'user');
    const bob = await signedInAs(server, 'user');
    const first = await buildOrder(server, { direction, userId: alice.userId, request: { amountSend: '2' } });
    const second = await buildOrder(server, { direction, userId: alice.userId });
    const bobs = await buildOrder(server, { direction, userId: bob.userId });
    await buildOrder(server, { direction });

    const { rows, nextCursor } = await list(alice);
    expect(rows.map((row) => row.uid)).to.deep.equal([second.order.uid, first.order.uid]);
    expect(nextCursor).to.equal(null);
    const row = rows[1]!;
    expect(row).to.include({ status: 'new', amountSend: '2', amountReceive: first.order.amountReceive, receivedAmount: null });
    expect(row.from.code).to.equal(direction.from);
    expect(row.to.code).to.equal(direction.to);
    // A whitelist: nothing of the secret, the accounts or the email.
    expect(Object.keys(row).sort()).to.deep.equal(['amountReceive', 'amountSend', 'createdAt', 'deleteReason', 'from', 'rateType', 'receivedAmount', 'status', 'to', 'uid', 'version']);
    expect(JSON.stringify(rows)).to.not.include(first.secret);

    expect((await list(bob)).rows.map((r) => r.uid)).to.deep.equal([bobs.order.uid]);

    const link = await alice.get(`/user/exchanges/${first.order.uid}/link`);
    expect(link.status).to.equal(200);
    expect(link.headers.get('cache-control')).to.equal('no-store');
    expect(link.body.data).to.deep.equal({ url: `/order/${first.order.uid}/${first.secret}` });
    expect((await alice.get(`/orders/${first.order.uid}/${first.secret}`)).status).to.equal(200);

    const stolen = await alice.get(`/user/exchanges/${bobs.order.uid}/link`);
    expect(stolen.status).to.equal(404);
    expect(stolen.body.error?.code).to.equal('not_found');
    expect(JSON.stringify(stolen.body)).to.not.include(bobs.secret);
    expect((await alice.get('/user/exchanges/NOTAUID/link')).status).to.equal(404);
  });

  it('lists every status under its filter and under all, and nowhere else', async () => {
    const user = await signedInAs(server, 'user');
    const byStatus = new Map<OrderStatus, string>();
    for (const status of ORDER_STATUSES) {
      const { order } = await buildOrder(server, { direction, userId: user.userId, set: { status } });
      byStatus.set(status, order.uid);
    }
    for (const filter of HISTORY_FILTERS) {
      const { rows } = await list(user, `?status=${filter}`);
      const expected = ORDER_STATUSES.filter((status) => HISTORY_FILTER_STATUSES[filter].includes(status)).map((status) => byStatus.get(status)!);
      expect(rows.map((row) => row.uid).sort(), filter).to.deep.equal([...expected].sort());
      for (const row of rows) expect(HISTORY_FILTER_STATUSES[filter], filter).to.include(row.status);
    }
    // The spec's groups: in progress is everything being worked on after the payment.
    expect((await list(user, '?status=inProgress')).rows.map((row) => row.status).sort()).to.deep.equal(['error', 'hold', 'progress', 'warning']);
  });

  it('answers 400 validation_failed to a bad filter or cursor, never 500', async () => {
    const user = await signedInAs(server, 'user');
    for (const query of ['?status=progress', '?status=', '?status=all&status=done', '?cursor=abc', '?cursor=0', '?cursor=-1', '?cursor=1e3', '?cursor=9999999999999']) {
      const response = await user.get(`/user/exchanges${query}`);
      expect(response.status, query).to.equal(400);
      expect(response.body.error?.code, query).to.equal('validation_failed');
    }
  });

  it('pages by id while a new order arrives: no row twice, none skipped, the new one first on a fresh page', async () => {
    const user = await signedInAs(server, 'user');
    const uids: string[] = [];
    for (let i = 0; i < USER_EXCHANGES_PAGE_SIZE + 3; i += 1) uids.unshift((await buildOrder(server, { direction, userId: user.userId })).order.uid);
    const first = await list(user);
    expect(first.rows.map((row) => row.uid)).to.deep.equal(uids.slice(0, USER_EXCHANGES_PAGE_SIZE));
    expect(first.nextCursor).to.be.a('string');

    const arrived = await buildOrder(server, { direction, userId: user.userId });
    const second = await list(user, `?cursor=${first.nextCursor}`);
    expect(second.rows.map((row) => row.uid)).to.deep.equal(uids.slice(USER_EXCHANGES_PAGE_SIZE));
    expect(second.nextCursor).to.equal(null);

    const fresh = await list(user);
    expect(fresh.rows[0]!.uid).to.equal(arrived.order.uid);
    expect(fresh.rows.map((row) => row.uid).slice(1)).to.deep.equal(uids.slice(0, USER_EXCHANGES_PAGE_SIZE - 1));

    const filtered = await list(user, `?status=new&cursor=${first.nextCursor}`);
    expect(filtered.rows.map((row) => row.uid)).to.deep.equal(uids.slice(USER_EXCHANGES_PAGE_SIZE));
  });

  it("sends an order's change to its owner's sockets only", async () => {
    const owner = await signedInAs(server, 'user');
    const other = await signedInAs(server, 'user');
    const operator = await signedInAs(server, 'operator');
    const { order } = await buildOrder(server, { direction, userId: owner.userId });
    const ownerSocket = await open(owner.cookieHeader());
    const otherSocket = await open(other.cookieHeader());
    const anonymousSocket = await open();
    const strays: UserExchangeDto[] = [];
    otherSocket.on('user:exchange', (row: UserExchangeDto) => strays.push(row));
    anonymousSocket.on('user:exchange', (row: UserExchangeDto) => strays.push(row));
    const received = new Promise<UserExchangeDto>((resolve) => ownerSocket.on('user:exchange', (row: UserExchangeDto) => row.uid === order.uid && resolve(row)));

    const held = await operator.post(`/operator/orders/${order.uid}/hold`, {});
    expect(held.status, JSON.stringify(held.body)).to.equal(200);
    const row = await received;
    expect(row).to.include({ uid: order.uid, status: 'hold', version: order.version + 1 });
    expect(Object.keys(row)).to.not.include('email');
    // The other sockets would have had it by now (same process, same tick).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strays).to.deep.equal([]);
  });

  it("resyncs a user's room after a lost subscription: their orders changed since, nobody else's", async () => {
    const owner = await signedInAs(server, 'user');
    const other = await signedInAs(server, 'user');
    const since = new Date(Date.now() - 5000);
    const mine = await buildOrder(server, { direction, userId: owner.userId });
    await buildOrder(server, { direction, userId: other.userId });
    const messages = await findOrderChangesSince(server.db, since, { uids: [], operators: false, users: [owner.userId] });
    expect(messages.map((message) => message.order.uid)).to.deep.equal([mine.order.uid]);
    expect(messages[0]!.operator.userId).to.equal(owner.userId);
  });
});
