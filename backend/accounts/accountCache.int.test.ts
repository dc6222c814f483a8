import { expect } from 'chai';
import { initModels } from '../models';
import { signedInAs } from '../console/testing';
import { startTestServer, twoWebProcessesOnRedis, type TestServer } from '../test/server';

/** Counts the User reads (findByPk / findOne / findAll all run `beforeFind`) while `run` runs. */
async function userReadsDuring(server: TestServer, run: () => Promise<void>): Promise<number> {
  const { User } = initModels(server.db.sequelize);
  let reads = 0;
  User.addHook('beforeFind', 'countReads', () => {
    reads += 1;
  });
  try {
    await run();
  } finally {
    User.removeHook('beforeFind', 'countReads');
  }
  return reads;
}

describe('the signed-in account kept in process (accountCache.ts)', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server?.close();
  });

  it('reads the account once after sign-in, then no user row while it is unchanged', async () => {
    const operator = await signedInAs(server, 'operator');
    const first = await userReadsDuring(server, async () => {
      expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    });
    expect(first).to.equal(1);
    const next = await userReadsDuring(server, async () => {
      for (let i = 0; i < 3; i += 1) expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    });
    expect(next).to.equal(0);
  });

  it("applies an admin's role change at the demoted operator's next request", async () => {
    const operator = await signedInAs(server, 'operator');
    const admin = await signedInAs(server, 'admin');
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    const changed = await admin.request('PUT', `/admin/users/${operator.userId}/role`, { role: 'user' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    const refused = await operator.request('GET', '/operator/orders');
    expect(refused.status).to.equal(403);
    expect(refused.body.error?.code).to.equal('forbidden');
  });

  it('sees an instance update, and a bulk update that names no single id, at the next request', async () => {
    const { User } = initModels(server.db.sequelize);
    const operator = await signedInAs(server, 'operator');
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    await User.update({ role: 'user' }, { where: { email: operator.email } });
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(403);
    const user = (await User.findByPk(operator.userId))!;
    await user.update({ role: 'operator' });
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
  });

  it('keeps the account as it was through a rolled-back write and sees a committed one', async () => {
    const { User } = initModels(server.db.sequelize);
    const operator = await signedInAs(server, 'operator');
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    const rollback = new Error('roll back');
    try {
      await server.db.sequelize.transaction(async (transaction) => {
        await User.update({ role: 'user' }, { where: { id: operator.userId }, transaction });
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    await server.db.sequelize.transaction(async (transaction) => {
      await User.update({ role: 'user' }, { where: { id: operator.userId }, transaction });
    });
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(403);
  });

  it('gives each request its own instance: a change a handler makes and never saves is not seen by the next', async () => {
    const operator = await signedInAs(server, 'operator');
    const profile = async () => (await operator.request('GET', '/user/auth/session/get/')).body.data;
    const before = await profile();
    // The profile edit validates and saves; a refused edit (too long a name) changes nothing.
    const refused = await operator.request('POST', '/user/profile/edit/main', { firstName: 'x'.repeat(500), secondName: 'y' });
    expect(refused.status).to.equal(400);
    expect(await profile()).to.deep.equal(before);
    const saved = await operator.request('POST', '/user/profile/edit/main', { firstName: 'Пётр', secondName: 'Кэшев' });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    const after = await profile();
    expect(JSON.stringify(after)).to.contain('Пётр').and.to.contain('Кэшев');
  });

  it('signs a blocked account out at its next request', async () => {
    const operator = await signedInAs(server, 'operator');
    const admin = await signedInAs(server, 'admin');
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    const blocked = await admin.request('POST', `/admin/users/${operator.userId}/block`, {});
    expect(blocked.status, JSON.stringify(blocked.body)).to.equal(200);
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(401);
  });
});

describe('the account kept in process across two web processes on Redis', function () {
  this.timeout(30_000);
  const processes = twoWebProcessesOnRedis();

  it('applies a role change made through one process at the next request to the other', async () => {
    const { first, second } = processes;
    const operator = await signedInAs(first, 'operator');
    const admin = await signedInAs(second, 'admin');
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(200);
    expect((await admin.request('PUT', `/admin/users/${operator.userId}/role`, { role: 'user' })).status).to.equal(200);
    expect((await operator.request('GET', '/operator/orders')).status).to.equal(403);
  });
});
