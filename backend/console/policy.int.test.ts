import { expect } from 'chai';
import { buildUser } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs, type StaffEndpoint } from './testing';
import { initModels } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { recordAudit } from '../audit/record';
import { startTestServer, type TestServer } from '../test/server';

/** The staff endpoints of the first console page; each console area's tests hold their own. */
const STAFF_ENDPOINTS: StaffEndpoint[] = [
  { method: 'GET', path: '/operator/orders', roles: OPERATOR_AND_ADMIN },
  { method: 'GET', path: '/admin/audit', roles: ADMIN_ONLY },
];

describe('the staff policy', function () {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });

  after(async () => {
    await server.close();
  });

  it('answers every staff endpoint by role: anonymous 401, user 403, operator 403 on admin endpoints', async () => {
    await expectRoleMatrix(server, STAFF_ENDPOINTS);
  });

  it('lists the audit newest first with filters, and a record is never edited or deleted', async () => {
    const models = initModels(server.db.sequelize);
    // The MariaDB test database is shared between runs: this run's records are told apart by their target.
    const run = String(Date.now());
    const { user: admin } = await buildUser(server.db.sequelize, { role: 'admin' });
    const actor = { id: admin.id, email: admin.email, role: admin.role };
    await writeTransaction(server.db.sequelize, async (transaction) => {
      await recordAudit(models, transaction, { actor, action: 'test.first', target: { type: 'direction', id: `BTC-USDT-${run}` }, before: { markupPercent: '1' }, after: { markupPercent: '2' }, ip: '127.0.0.1' });
      await recordAudit(models, transaction, { actor: null, action: 'test.second', target: { type: 'asset', id: 'BTC' } });
    });
    // A change that fails takes its record with it.
    await writeTransaction(server.db.sequelize, async (transaction) => {
      await recordAudit(models, transaction, { actor, action: 'test.rolledBack', target: { type: 'asset', id: 'BTC' } });
      throw new Error('the change fails');
    }).catch(() => undefined);

    const client = await signedInAs(server, 'admin');
    const all = await client.request('GET', '/admin/audit');
    const actions = all.body.data.records.map((record: { action: string }) => record.action);
    expect(actions.indexOf('test.second')).to.be.lessThan(actions.indexOf('test.first'));
    expect(actions).to.not.include('test.rolledBack');
    const filtered = await client.request('GET', `/admin/audit?targetType=direction&targetId=BTC-USDT-${run}`);
    expect(filtered.body.data.records).to.have.length(1);
    expect(filtered.body.data.records[0]).to.deep.include({
      action: 'test.first',
      actor: { id: admin.id, email: admin.email, role: 'admin' },
      target: { type: 'direction', id: `BTC-USDT-${run}` },
      before: { markupPercent: '1' },
      after: { markupPercent: '2' },
      ip: '127.0.0.1',
    });
    const bad = await client.request('GET', '/admin/audit?actorId=abc&cursor=x');
    expect(bad.status).to.equal(400);
    expect(bad.body.error?.code).to.equal('validation_failed');

    const record = await models.AuditRecord.findOne({ where: { action: 'test.first', targetId: `BTC-USDT-${run}` } });
    await expectRejection(record!.update({ action: 'edited' }));
    await expectRejection(models.AuditRecord.update({ action: 'edited' }, { where: { id: record!.id } }));
    await expectRejection(record!.destroy());
    await expectRejection(models.AuditRecord.destroy({ where: { id: record!.id } }));
    expect(await models.AuditRecord.count({ where: { id: record!.id, action: 'test.first' } })).to.equal(1);
  });
});

describe('the staff policy in production', function () {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ NODE_ENV: 'production', SESSION_KEYS: 'a'.repeat(32) + ',' + 'b'.repeat(32), PUBLIC_URL: 'http://127.0.0.1' });
  });

  after(async () => {
    await server.close();
  });

  it('keeps staff without 2FA out of every staff endpoint with a message saying why, and lets them in with it', async () => {
    const without = await signedInAs(server, 'admin');
    without.lang = 'ru';
    for (const endpoint of STAFF_ENDPOINTS) {
      const response = await without.request(endpoint.method, endpoint.path);
      expect(response.status, endpoint.path).to.equal(403);
      expect(response.body.error?.code).to.equal('two_factor_required');
      expect(response.body.error?.message).to.match(/двухфакторную/);
    }
    const withTwoFactor = await signedInAs(server, 'admin', { twoFactorEnabled: true });
    for (const endpoint of STAFF_ENDPOINTS) expect((await withTwoFactor.request(endpoint.method, endpoint.path)).status, endpoint.path).to.equal(200);
  });
});

async function expectRejection(promise: Promise<unknown>): Promise<void> {
  let failed = false;
  await promise.catch(() => {
    failed = true;
  });
  expect(failed, 'the write was refused').to.equal(true);
}
