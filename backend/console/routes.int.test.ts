import { expect } from 'chai';
import { ORDER_STATUSES, type OrderStatus } from '../../common/enums';
import { ADMIN_OPERATOR_ACTIONS, OPERATOR_ACTIONS, type OperatorAction, type OperatorOrderDto, type OrderDto } from '../../common/orders';
import type { BoardOrderList } from '../../common/board';
import type { AdminReserveDto } from '../../common/catalogueAdmin';
import { buildUser, TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { ORDERS_CHANNEL, type OrderChangeMessage } from '../orders/events';
import { buildDirection, buildOrder, publishTestRate, testRate, type TestDirection } from '../orders/testing';
import { startTestServer, type TestServer } from '../test/server';
import { signedInAs } from './testing';

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/** The state each status is built in: funds in it where an order in that status normally has them. */
function stateFor(status: OrderStatus): Record<string, unknown> {
  const funds = ['progress', 'done', 'warning', 'error', 'returned'].includes(status);
  return {
    status,
    confirmedAt: new Date(),
    cardCheck: 'pending',
    receivedAmount: funds ? '1' : null,
    exception: status === 'warning' ? 'underpaid' : null,
    deleteReason: status === 'deleted' ? 'expired' : null,
  };
}

/** Where each action is accepted, with the states above (conditions beyond the table included). */
const ACCEPTED: Record<OperatorAction, OrderStatus[]> = {
  received: ['new', 'hold', 'deleted'],
  done: ['progress'],
  hold: ['new', 'progress', 'warning', 'error'],
  warning: ['new', 'progress', 'hold'],
  error: ['new', 'progress', 'hold', 'warning'],
  return: ['progress', 'warning', 'error'],
  delete: ['new', 'hold', 'warning', 'error'],
  extend: ['new', 'hold', 'deleted'],
  'card-approve': ['new', 'hold'],
  'card-reject': ['new', 'hold'],
  recalculate: ['warning', 'error'],
  reverse: ['done'],
};

describe('operator orders API', function () {
  this.timeout(60_000);
  let server: TestServer;
  let operator: TestClient;
  /** Admin-only actions (ADMIN_OPERATOR_ACTIONS) are run by an admin. */
  let admin: TestClient;
  let operatorEmail: string;
  let direction: TestDirection;
  const published: OrderChangeMessage[] = [];
  let unsubscribe: () => Promise<void>;

  before(async () => {
    server = await startTestServer();
    const { email, password } = await buildUser(server.db.sequelize, { role: 'operator' });
    operatorEmail = email;
    operator = new TestClient(server.url);
    expect((await operator.signIn(email, password)).status).to.equal(200);
    const staff = await buildUser(server.db.sequelize, { role: 'admin' });
    admin = new TestClient(server.url);
    expect((await admin.signIn(staff.email, staff.password)).status).to.equal(200);
    direction = await buildDirection(server, { rate: '100', to: { type: 'fiat', precision: 2 } });
    unsubscribe = await server.kv.subscribe(ORDERS_CHANNEL, (raw) => published.push(JSON.parse(raw) as OrderChangeMessage));
  });

  after(async () => {
    await unsubscribe();
    await server.close();
  });

  function act(uid: string, action: string, body: Record<string, unknown> = {}) {
    const client = (ADMIN_OPERATOR_ACTIONS as readonly string[]).includes(action) ? admin : operator;
    return client.post(`/operator/orders/${uid}/${action}`, body);
  }

  async function waitForMessage(uid: string, version: number): Promise<OrderChangeMessage> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = published.find((message) => message.order.uid === uid && message.order.version === version);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no published change of ${uid} v${version}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('answers 401 signed out and 403 to a plain user', async () => {
    const { order } = await buildOrder(server, { direction });
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/operator/orders')).status).to.equal(401);
    expect((await anonymous.post(`/operator/orders/${order.uid}/done`)).status).to.equal(401);
    const { email, password } = await buildUser(server.db.sequelize);
    const user = new TestClient(server.url);
    await user.signIn(email, password);
    const list = await user.get('/operator/orders');
    expect(list.status).to.equal(403);
    expect(list.body.error?.code).to.equal('forbidden');
    expect((await user.post(`/operator/orders/${order.uid}/done`)).status).to.equal(403);
  });

  for (const action of OPERATOR_ACTIONS) {
    it(`${action}: accepted from ${ACCEPTED[action].join(', ')} and refused with 409 everywhere else`, async () => {
      const outcomes: string[] = [];
      for (const status of ORDER_STATUSES) {
        const { order } = await buildOrder(server, { direction, set: stateFor(status) });
        const response = await act(order.uid, action, { amount: '1', minutes: 10, address: ADDRESS, reason: 'chargeback' });
        outcomes.push(`${status}:${response.status}`);
        const row = await initModels(server.db.sequelize).Order.findByPk(order.id);
        if (response.status === 409) {
          expect(response.body.error?.code).to.equal('invalid_transition');
          expect(row?.version, `${action} from ${status} changed nothing`).to.equal(order.version);
        } else if (response.status === 200) {
          expect(row?.version).to.equal(order.version + 1);
          const last = (response.body.data as OperatorOrderDto).history.at(-1);
          expect(last).to.include({ action, actor: 'operator' });
          expect(last?.actorName).to.match(/@example\.test$/);
        }
      }
      expect(outcomes).to.deep.equal(ORDER_STATUSES.map((status) => `${status}:${ACCEPTED[action].includes(status) ? 200 : 409}`));
    });
  }

  it("never names the operator to the customer: the customer's order and its live view carry the role only", async () => {
    const { order, secret } = await buildOrder(server, { direction, set: stateFor('new') });
    expect((await act(order.uid, 'hold')).status).to.equal(200);
    const customerView = await new TestClient(server.url).get(`/orders/${order.uid}/${secret}`);
    expect(customerView.status).to.equal(200);
    const live = await waitForMessage(order.uid, order.version + 1);
    for (const dto of [customerView.body.data as OrderDto, live.order]) {
      expect(dto.history.at(-1)).to.deep.include({ action: 'hold', actor: 'operator' });
      expect(JSON.stringify(dto)).not.to.contain(operatorEmail);
      // The role only: no name, no id of whoever acted.
      expect(dto.history.map((entry) => Object.keys(entry).sort())).to.deep.equal(
        dto.history.map(() => ['action', 'actor', 'at', 'details', 'from', 'to']),
      );
    }
    // Staff still see who acted.
    expect(live.operator.history.at(-1)).to.include({ actorName: operatorEmail });
  });

  it('settles a hold with funds in it: done, return and recalculate become possible, received does not', async () => {
    const hold = { ...stateFor('hold'), receivedAmount: '1' };
    for (const [action, expected] of [['done', 200], ['return', 200], ['recalculate', 200], ['received', 409]] as const) {
      const { order } = await buildOrder(server, { direction, set: hold });
      expect((await act(order.uid, action, { amount: '1', address: ADDRESS })).status, action).to.equal(expected);
    }
  });

  it('revives only expired orders: a closed or cancelled one takes neither funds nor an extension', async () => {
    const { order } = await buildOrder(server, { direction, set: { ...stateFor('deleted'), deleteReason: 'closed' } });
    expect((await act(order.uid, 'extend', { minutes: 5 })).status).to.equal(409);
    expect((await act(order.uid, 'received', { amount: '1' })).status).to.equal(409);
  });

  it('extend moves the window from the later of now and the old end, and revives an expired order', async () => {
    const { order } = await buildOrder(server, { direction });
    const extended = await act(order.uid, 'extend', { minutes: 15 });
    expect(Date.parse(extended.body.data.expiresAt) - order.expiresAt!.getTime()).to.be.within(15 * 60_000 - 1000, 15 * 60_000 + 1000);
    const { order: expired } = await buildOrder(server, { direction, set: { status: 'deleted', deleteReason: 'expired', expiresAt: new Date(Date.now() - 60_000) } });
    const revived = await act(expired.uid, 'extend', { minutes: 10 });
    expect(revived.body.data).to.include({ status: 'new', deleteReason: null });
    expect(Date.parse(revived.body.data.expiresAt) - Date.now()).to.be.within(9 * 60_000, 10 * 60_000 + 1000);
    const tooLong = await act(order.uid, 'extend', { minutes: 24 * 60 + 1 });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error?.fields).to.have.property('minutes');
    expect((await act(order.uid, 'extend', {})).status).to.equal(400);
  });

  it('fixed order: exact funds → progress; less → warning underpaid; more → warning overpaid (amounts kept)', async () => {
    const cases = [['1', 'progress', null], ['0.5', 'warning', 'underpaid'], ['2', 'warning', 'overpaid']] as const;
    for (const [amount, status, exception] of cases) {
      const { order } = await buildOrder(server, { direction });
      const response = await act(order.uid, 'received', { amount });
      expect(response.body.data).to.include({ status, exception, receivedAmount: amount, amountSend: '1', amountReceive: '100', rate: '100' });
      expect((await waitForMessage(order.uid, order.version + 1)).kind).to.equal('status');
    }
  });

  it('floating order: funds are recalculated at the current rate (rounded down) and published as recalc', async () => {
    const { order } = await buildOrder(server, { direction, request: { rateType: 'float', amountSend: '1' } });
    await publishTestRate(server, testRate({ ...direction, rate: '123.456' }, { min: '0.001', max: '1000' }));
    const response = await act(order.uid, 'received', { amount: '1.5' });
    expect(response.body.data).to.include({ status: 'progress', rate: '123.456', amountSend: '1.5', amountReceive: '185.18' });
    const message = await waitForMessage(order.uid, order.version + 1);
    expect(message.kind).to.equal('recalc');
    expect(message.order.amountReceive).to.equal('185.18');
    expect(message.operator.id).to.equal(order.id);
    await publishTestRate(server, testRate(direction, { min: '0.001', max: '1000' }));
  });

  it('late funds on an expired order: recalculated at the current rate, warning late; recalculate settles it', async () => {
    const { order } = await buildOrder(server, { direction, set: { status: 'deleted', deleteReason: 'expired' } });
    await publishTestRate(server, testRate({ ...direction, rate: '90' }, { min: '0.001', max: '1000' }));
    const late = await act(order.uid, 'received', { amount: '1' });
    expect(late.body.data).to.include({ status: 'warning', exception: 'late', rate: '90', amountReceive: '90', deleteReason: null });
    expect((await waitForMessage(order.uid, order.version + 1)).kind).to.equal('recalc');
    const { order: under } = await buildOrder(server, { direction });
    await act(under.uid, 'received', { amount: '0.5' });
    const settled = await act(under.uid, 'recalculate');
    expect(settled.body.data).to.include({ status: 'progress', exception: null, amountSend: '0.5', amountReceive: '45', rate: '90' });
    await publishTestRate(server, testRate(direction, { min: '0.001', max: '1000' }));
  });

  it('return needs an address: the body’s or the customer’s refund address', async () => {
    const { order } = await buildOrder(server, { direction, set: stateFor('warning') });
    const missing = await act(order.uid, 'return');
    expect(missing.status).to.equal(400);
    expect(missing.body.error?.code).to.equal('refund_address_required');
    await initModels(server.db.sequelize).Order.update({ refundAddress: ADDRESS }, { where: { id: order.id } });
    const returned = await act(order.uid, 'return');
    expect(returned.body.data).to.include({ status: 'returned', refundAddress: ADDRESS });
  });

  it('done takes the amount from the reserve; of two orders racing for too little reserve exactly one is paid', async () => {
    const tight = await buildDirection(server, { rate: '100', to: { type: 'fiat', precision: 2, reserve: '150.05' } });
    const { Asset } = initModels(server.db.sequelize);
    const first = await buildOrder(server, { direction: tight, set: stateFor('progress') });
    const second = await buildOrder(server, { direction: tight, set: stateFor('progress') });
    const answers = await Promise.all([act(first.order.uid, 'done'), act(second.order.uid, 'done')]);
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error?.code).to.equal('insufficient_reserve');
    expect((await Asset.findOne({ where: { code: tight.to } }))?.reserve).to.equal('50.05');
  });

  describe('on a manual reserve', () => {
    let admin: Awaited<ReturnType<typeof signedInAs>>;

    before(async () => {
      admin = await signedInAs(server, 'admin');
    });

    /** A direction whose `to` reserve an admin set by hand (its stored balance well above). */
    async function manualReserve(amount: string): Promise<TestDirection> {
      const tight = await buildDirection(server, { rate: '100', to: { type: 'fiat', precision: 2, reserve: '1000000' } });
      const put = await admin.request('PUT', `/admin/reserves/${tight.to}`, { mode: 'manual', amount });
      expect(put.status, JSON.stringify(put.body)).to.equal(200);
      return tight;
    }

    async function reserveOf(code: string): Promise<AdminReserveDto> {
      const listed = (await admin.get('/admin/reserves')).body.data as { reserves: AdminReserveDto[] };
      return listed.reserves.find((entry) => entry.code === code)!;
    }

    it('done draws the payout from the published figure, and leaves the stored balance alone', async () => {
      const tight = await manualReserve('250.5');
      const { order } = await buildOrder(server, { direction: tight, set: stateFor('progress') });
      expect((await act(order.uid, 'done')).status).to.equal(200);
      expect(await reserveOf(tight.to)).to.include({ mode: 'manual', amount: '150.5', manual: '150.5', computed: '1000000' });
    });

    it('refuses a payout over the published figure as insufficient_reserve, however large the stored balance', async () => {
      const tight = await manualReserve('99.99');
      const { order } = await buildOrder(server, { direction: tight, set: stateFor('progress') });
      const refused = await act(order.uid, 'done');
      expect(refused.status).to.equal(409);
      expect(refused.body.error?.code).to.equal('insufficient_reserve');
      expect(await reserveOf(tight.to)).to.include({ amount: '99.99', manual: '99.99', computed: '1000000' });
      expect((await initModels(server.db.sequelize).Order.findByPk(order.id))?.status).to.equal('progress');
    });

    it('of two orders racing for too little of it exactly one is paid', async () => {
      const tight = await manualReserve('150.05');
      const first = await buildOrder(server, { direction: tight, set: stateFor('progress') });
      const second = await buildOrder(server, { direction: tight, set: stateFor('progress') });
      const answers = await Promise.all([act(first.order.uid, 'done'), act(second.order.uid, 'done')]);
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.error?.code).to.equal('insufficient_reserve');
      expect(await reserveOf(tight.to)).to.include({ amount: '50.05', manual: '50.05', computed: '1000000' });
    });

    it('back in computed mode, done draws on the stored balance again', async () => {
      const tight = await manualReserve('150.05');
      expect((await admin.request('PUT', `/admin/reserves/${tight.to}`, { mode: 'computed' })).status).to.equal(200);
      const { order } = await buildOrder(server, { direction: tight, set: stateFor('progress') });
      expect((await act(order.uid, 'done')).status).to.equal(200);
      expect(await reserveOf(tight.to)).to.include({ mode: 'computed', amount: '999900', manual: '150.05', computed: '999900' });
    });
  });

  it('lists orders newest first, 50 a page, with a cursor and a status filter', async () => {
    const { order } = await buildOrder(server, { direction, set: { status: 'error' } });
    const page = await operator.get('/operator/orders');
    const list = page.body.data as BoardOrderList;
    // Other test runs may share the database: the newest-first order is checked, not who is first.
    expect(list.orders.map((entry) => entry.uid)).to.include(order.uid);
    const ids = list.orders.map((entry) => entry.id);
    expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
    expect(list.orders).to.have.length(50);
    expect(list.nextCursor).to.be.a('string');
    const next = (await operator.get(`/operator/orders?cursor=${list.nextCursor}`)).body.data as BoardOrderList;
    expect(next.orders[0]!.id).to.be.lessThan(list.orders.at(-1)!.id);
    const errors = (await operator.get('/operator/orders?status=error')).body.data as BoardOrderList;
    expect(errors.orders.every((entry) => entry.status === 'error')).to.equal(true);
    expect(errors.orders.map((entry) => entry.uid)).to.include(order.uid);
    expect((await operator.get('/operator/orders?status=nope')).status).to.equal(400);
    const one = await operator.get(`/operator/orders/${order.uid}`);
    expect(one.body.data).to.include({ uid: order.uid, id: order.id, lang: 'en', cardPhoto: false, receipt: false });
    expect(JSON.stringify(one.body.data)).not.to.match(/secret|Hash|Sealed|Key"/);
    expect((await operator.get('/operator/orders/ZZZZZZZZZZ')).status).to.equal(404);
  });
});
