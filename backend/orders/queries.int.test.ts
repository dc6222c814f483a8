import { expect } from 'chai';
import { startTestServer, type TestServer } from '../test/server';
import { initModels } from '../models';
import { findCustomerOrder, listOperatorOrders, OPERATOR_PAGE_SIZE } from './queries';
import { buildDirection, buildOrder } from './testing';

describe('order queries', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  describe('findCustomerOrder', () => {
    it('answers the customer view for the right secret and null for a wrong secret, a missing uid or junk', async () => {
      const { order, secret } = await buildOrder(server);
      const found = await findCustomerOrder(server.db, order.uid, secret);
      expect(found).to.include({ uid: order.uid, status: 'new', step: 'confirm', version: order.version });
      expect(found).to.not.have.property('id');
      expect(await findCustomerOrder(server.db, order.uid, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)).to.equal(null);
      expect(await findCustomerOrder(server.db, 'ZZZZZZZZZZ', secret)).to.equal(null);
      expect(await findCustomerOrder(server.db, `${order.uid}' OR 1=1`, secret)).to.equal(null);
      expect(await findCustomerOrder(server.db, order.uid, '')).to.equal(null);
    });
  });

  describe('listOperatorOrders', () => {
    it('pages newest first below the cursor, names the next cursor, and filters by status', async () => {
      const models = initModels(server.db.sequelize);
      const direction = await buildDirection(server);
      const built = [];
      for (let i = 0; i <= OPERATOR_PAGE_SIZE; i += 1) built.push((await buildOrder(server, { direction })).order);
      const failed = built[3]!;
      await failed.update({ status: 'error' });
      // Other test runs may share the database: the page is read below an id just past ours.
      const cursor = String(built.at(-1)!.id + 1);
      const page = await listOperatorOrders(models, { cursor });
      const ids = page.views.map((view) => view.order.id);
      expect(ids).to.have.length(OPERATOR_PAGE_SIZE);
      expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
      expect(ids[0]).to.be.at.most(built.at(-1)!.id);
      expect(page.nextCursor).to.equal(String(ids.at(-1)));
      const next = await listOperatorOrders(models, { cursor: page.nextCursor! });
      expect(next.views.every((view) => view.order.id < ids.at(-1)!)).to.equal(true);
      const errors = await listOperatorOrders(models, { status: 'error', cursor });
      expect(errors.views.every((view) => view.order.status === 'error')).to.equal(true);
      expect(errors.views.map((view) => view.order.uid)).to.include(failed.uid);
    });
  });
});
