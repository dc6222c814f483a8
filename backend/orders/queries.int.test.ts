import { expect } from 'chai';
import { startTestServer, type TestServer } from '../test/server';
import { findCustomerOrder } from './queries';
import { buildOrder } from './testing';

describe('findCustomerOrder', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

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
