import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { AdminUserDto, AdminUserSummaryDto } from '../../common/usersAdmin';
import { buildUser, TestClient } from './testing';
import { ADMIN_ONLY, expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildOrder } from '../orders/testing';
import { testDatabaseSites } from '../platform/db/testing/testDatabases';
import { startTestServer, type TestServer } from '../test/server';

describe('users admin: look-up for staff, block/unblock and roles for admins', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestClient & { userId: number };
  let operator: TestClient & { userId: number };

  before(async () => {
    server = await startTestServer();
    admin = await signedInAs(server, 'admin');
    operator = await signedInAs(server, 'operator');
  });

  after(async () => {
    await server.close();
  });

  async function audits(action: string, userId: number) {
    return initModels(server.db.sequelize).AuditRecord.findAll({ where: { action, targetType: 'user', targetId: String(userId) }, order: [['id', 'ASC']] });
  }

  it('lets staff search and view, and only admins change', async () => {
    const { user } = await buildUser(server.db.sequelize);
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/admin/users?q=x', roles: OPERATOR_AND_ADMIN },
      { method: 'GET', path: `/admin/users/${user.id}`, roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: `/admin/users/${user.id}/block`, roles: ADMIN_ONLY, body: {} },
      { method: 'POST', path: `/admin/users/${user.id}/unblock`, roles: ADMIN_ONLY, body: {} },
      { method: 'PUT', path: `/admin/users/${user.id}/role`, roles: ADMIN_ONLY, body: { role: 'user' } },
    ]);
  });

  it('finds users by email, id and name, 25 a page with a cursor', async () => {
    const token = `Zed${randomBytes(4).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 27; i += 1) made.push((await buildUser(server.db.sequelize, { firstName: token })).user);
    const first = await operator.get(`/admin/users?q=${token}`);
    expect(first.status).to.equal(200);
    expect(first.body.data.users).to.have.length(25);
    expect(first.body.data.nextCursor).to.be.a('string');
    const second = await operator.get(`/admin/users?q=${token}&cursor=${first.body.data.nextCursor}`);
    expect(second.body.data.users).to.have.length(2);
    expect(second.body.data.nextCursor).to.equal(null);
    const ids = [...first.body.data.users, ...second.body.data.users].map((user: AdminUserSummaryDto) => user.id);
    expect(ids).to.deep.equal(made.map((user) => user.id).reverse());

    const target = made[3]!;
    const byEmail = await operator.get(`/admin/users?q=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(byEmail.body.data.users.map((user: AdminUserSummaryDto) => user.id)).to.deep.equal([target.id]);
    const byId = await operator.get(`/admin/users?q=${target.id}`);
    expect(byId.body.data.users.map((user: AdminUserSummaryDto) => user.id)).to.include(target.id);
    // LIKE wildcards are searched for literally.
    expect((await operator.get(`/admin/users?q=${encodeURIComponent('%_%')}`)).body.data.users).to.be.an('array');
    expect(JSON.stringify(first.body)).not.to.match(/passwordHash|twoFactorSecret/);
  });

  it('filters by role (one or several) and status: the active staff the board reassigns to', async () => {
    const token = `Staff${randomBytes(4).toString('hex')}`;
    const build = (role: 'user' | 'operator' | 'admin', status: 'active' | 'blocked' = 'active') =>
      buildUser(server.db.sequelize, { firstName: token, role, status }).then((made) => made.user.id);
    const activeOperator = await build('operator');
    const activeAdmin = await build('admin');
    await build('operator', 'blocked');
    await build('user');
    const staff = await admin.get(`/admin/users?q=${token}&role=operator,admin&status=active`);
    expect(staff.status, JSON.stringify(staff.body)).to.equal(200);
    expect(staff.body.data.users.map((user: AdminUserSummaryDto) => user.id)).to.deep.equal([activeAdmin, activeOperator]);
    const admins = await admin.get(`/admin/users?q=${token}&role=admin`);
    expect(admins.body.data.users.map((user: AdminUserSummaryDto) => user.id)).to.deep.equal([activeAdmin]);
    expect((await admin.get(`/admin/users?q=${token}`)).body.data.users).to.have.length(4);
    for (const query of ['role=owner', 'role=operator,', 'status=gone', 'role=admin%27%20OR%201']) {
      const bad = await admin.get(`/admin/users?${query}`);
      expect(bad.status, query).to.equal(400);
      expect(bad.body.error?.code).to.equal('validation_failed');
    }
  });

  it("shows another user's profile, 2FA, KYC status, orders and sessions (never secrets)", async () => {
    const { user } = await buildUser(server.db.sequelize, { firstName: 'Olga' });
    await user.update({ kycStatus: 'check', twoFactorEnabled: true, twoFactorSecret: 'v1.secret' });
    const { order } = await buildOrder(server, { userId: user.id });
    const response = await operator.get(`/admin/users/${user.id}`);
    expect(response.status).to.equal(200);
    const dto = response.body.data as AdminUserDto;
    expect(dto).to.include({ id: user.id, email: user.email, firstName: 'Olga', role: 'user', status: 'active', twoFactorEnabled: true, kycStatus: 'check' });
    expect(dto.orders.map((entry) => entry.uid)).to.deep.equal([order.uid]);
    expect(dto.sessions).to.deep.equal([]);
    expect(JSON.stringify(dto)).not.to.match(/v1\.secret|passwordHash|secretHash/);
    expect((await operator.get('/admin/users/999999999')).status).to.equal(404);
    expect((await operator.get('/admin/users/abc')).status).to.equal(404);
  });

  it('blocks a user: their sessions end at once and sign-in is refused until an admin unblocks', async () => {
    const { user, email, password } = await buildUser(server.db.sequelize);
    const victim = new TestClient(server.url);
    expect((await victim.signIn(email, password)).status).to.equal(200);
    expect((await admin.get(`/admin/users/${user.id}`)).body.data.sessions).to.have.length(1);
    const blocked = await admin.post(`/admin/users/${user.id}/block`);
    expect(blocked.status, JSON.stringify(blocked.body)).to.equal(200);
    expect(blocked.body.data).to.include({ status: 'blocked', blockedUntil: null });
    expect(blocked.body.data.sessions).to.deep.equal([]);
    expect((await victim.get('/user/profile')).status).to.be.oneOf([401, 404]);
    expect((await victim.session()).body.success).to.equal(false);
    const refused = await new TestClient(server.url).signIn(email, password);
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.include({ code: 'account_suspended', message: 'The account is blocked by the administration. Please contact support' });
    const unblocked = await admin.post(`/admin/users/${user.id}/unblock`);
    expect(unblocked.body.data.status).to.equal('active');
    expect((await new TestClient(server.url).signIn(email, password)).status).to.equal(200);
    const [block] = await audits('user.block', user.id);
    expect(block!.actorId).to.equal(admin.userId);
    expect(block!.before).to.deep.equal({ status: 'active' });
    expect(block!.after).to.deep.equal({ status: 'blocked' });
    expect(await audits('user.unblock', user.id)).to.have.length(1);
  });

  describe('sessions', () => {
    const sessionsOf = async (client: TestClient, userId: number) => {
      const response = await client.get(`/admin/users/${userId}`);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return { sessions: (response.body.data as AdminUserDto).sessions, raw: JSON.stringify(response.body) };
    };
    const signInWith = async (email: string, password: string, userAgent: string) => {
      const client = new TestClient(server.url);
      const response = await client.post('/user/auth/sign-in', { email, password }, { 'user-agent': userAgent });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return client;
    };
    /** Every cookie value the clients hold (the session id and its signature among them). */
    const secretsOf = (...clients: TestClient[]) => clients.flatMap((client) => [...client.cookies.values()]).filter((value) => value.length >= 8);

    it('lists two sign-ins of one user as two sessions; an admin ends one: that client is signed out, the other stays', async () => {
      const { user, email, password } = await buildUser(server.db.sequelize);
      const before = Date.now() - 1000;
      const phone = await signInWith(email, password, 'PhoneBrowser/1.0 (test)');
      const laptop = await signInWith(email, password, 'LaptopBrowser/2.0 (test)');
      expect(phone.sessionId).to.be.a('string').and.not.equal(laptop.sessionId);

      const seenByOperator = await sessionsOf(operator, user.id);
      const { sessions } = seenByOperator;
      expect(sessions.map((session) => session.userAgent)).to.have.members(['PhoneBrowser/1.0 (test)', 'LaptopBrowser/2.0 (test)']);
      for (const session of sessions) {
        expect(session.id).to.match(/^[A-Za-z0-9_-]{16}$/);
        expect(session.ip).to.be.a('string').and.not.equal('');
        expect(Date.parse(session.createdAt!)).to.be.at.least(before);
        expect(Date.parse(session.lastSeenAt)).to.be.at.least(Date.parse(session.createdAt!));
        expect(session.current).to.equal(false);
      }
      for (const secret of secretsOf(phone, laptop, operator, admin)) expect(seenByOperator.raw).not.to.include(secret);

      const phoneSession = sessions.find((session) => session.userAgent?.startsWith('PhoneBrowser'))!;
      // Operators look, only admins end.
      expect((await operator.request('DELETE', `/admin/users/${user.id}/sessions/${phoneSession.id}`)).status).to.equal(403);
      const ended = await admin.request('DELETE', `/admin/users/${user.id}/sessions/${phoneSession.id}`);
      expect(ended.status, JSON.stringify(ended.body)).to.equal(200);
      expect((ended.body.data as AdminUserDto).sessions.map((session) => session.userAgent)).to.deep.equal(['LaptopBrowser/2.0 (test)']);
      for (const secret of secretsOf(phone, laptop, admin)) expect(JSON.stringify(ended.body)).not.to.include(secret);

      expect((await phone.get('/user/profile')).status).to.equal(401);
      expect((await laptop.get('/user/profile')).status).to.equal(200);
      expect((await laptop.session()).body.success).to.equal(true);
      // Gone for good: ending it again is a 404.
      expect((await admin.request('DELETE', `/admin/users/${user.id}/sessions/${phoneSession.id}`)).status).to.equal(404);

      const [record] = await audits('user.session_end', user.id);
      expect(record!.actorId).to.equal(admin.userId);
      expect(record!.before).to.deep.equal({ session: phoneSession.id, ip: phoneSession.ip, userAgent: 'PhoneBrowser/1.0 (test)' });
      expect(JSON.stringify(record!.toJSON())).not.to.include(phone.sessionId!);
    });

    it('drops signed-out and ended-everywhere sessions from the list, and marks the viewer\'s own session', async () => {
      const { user, email, password } = await buildUser(server.db.sequelize);
      const first = await signInWith(email, password, 'First/1');
      const second = await signInWith(email, password, 'Second/1');
      expect((await first.request('DELETE', '/user/auth/session/destroy')).status).to.equal(200);
      expect((await sessionsOf(admin, user.id)).sessions.map((session) => session.userAgent)).to.deep.equal(['Second/1']);
      const third = await signInWith(email, password, 'Third/1');
      expect((await second.request('DELETE', '/user/auth/session/destroy-all')).status).to.be.oneOf([200, 401]);
      expect((await third.get('/user/profile')).status).to.equal(401);
      expect((await sessionsOf(admin, user.id)).sessions).to.deep.equal([]);

      const own = await sessionsOf(admin, admin.userId);
      expect(own.sessions.filter((session) => session.current)).to.have.length(1);
    });

    it("answers 404 for another user's session, a malformed name and an unknown user (IDOR)", async () => {
      const owner = await buildUser(server.db.sequelize);
      const other = await buildUser(server.db.sequelize);
      const client = await signInWith(owner.email, owner.password, 'Owner/1');
      const [session] = (await sessionsOf(admin, owner.user.id)).sessions;
      const wrongUser = await admin.request('DELETE', `/admin/users/${other.user.id}/sessions/${session!.id}`);
      expect(wrongUser.status).to.equal(404);
      expect(wrongUser.body.error?.code).to.equal('not_found');
      expect((await admin.request('DELETE', `/admin/users/${owner.user.id}/sessions/${client.sessionId}`)).status).to.equal(404);
      expect((await admin.request('DELETE', `/admin/users/${owner.user.id}/sessions/short`)).status).to.equal(404);
      expect((await admin.request('DELETE', `/admin/users/999999999/sessions/${session!.id}`)).status).to.equal(404);
      expect((await client.get('/user/profile')).status).to.equal(200);
      expect(await audits('user.session_end', other.user.id)).to.have.length(0);
    });

    it('keeps the session endpoint to admins (role matrix)', async () => {
      const { user, email, password } = await buildUser(server.db.sequelize);
      await signInWith(email, password, 'Matrix/1');
      const [session] = (await sessionsOf(admin, user.id)).sessions;
      // The admin's call ends it (200); any later one answers 404, past the policy all the same.
      await expectRoleMatrix(server, [{ method: 'DELETE', path: `/admin/users/${user.id}/sessions/${session!.id}`, roles: ADMIN_ONLY }]);
    });
  });

  it('changes roles (audited), refuses a bad role, blocking oneself and an operator', async () => {
    const { user, email, password } = await buildUser(server.db.sequelize);
    const changed = await admin.request('PUT', `/admin/users/${user.id}/role`, { role: 'operator' });
    expect(changed.status).to.equal(200);
    expect(changed.body.data.role).to.equal('operator');
    const promoted = new TestClient(server.url);
    await promoted.signIn(email, password);
    expect((await promoted.get('/operator/orders')).status).to.equal(200);
    const [record] = await audits('user.role', user.id);
    expect(record!.before).to.deep.equal({ role: 'user' });
    expect(record!.after).to.deep.equal({ role: 'operator' });
    expect((await admin.request('PUT', `/admin/users/${user.id}/role`, { role: 'root' })).status).to.equal(400);
    const own = await admin.post(`/admin/users/${admin.userId}/block`);
    expect(own.status).to.equal(409);
    expect(own.body.error?.code).to.equal('own_account');
    expect((await operator.post(`/admin/users/${user.id}/block`)).status).to.equal(403);
    expect((await admin.request('PUT', '/admin/users/999999999/role', { role: 'user' })).status).to.equal(404);
  });
});

describe('users admin: the last active admin stays, even when two admins demote each other at once', function () {
  this.timeout(90_000);
  // A database of its own: "the last admin" counts every admin, which a shared database never has alone.
  const site = testDatabaseSites().at(-1)!;
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ DATABASE_URL: await site.create() });
  });

  after(async () => {
    await server.close();
    await site.dropAll();
  });

  async function activeAdmins(): Promise<number[]> {
    const rows = await initModels(server.db.sequelize).User.findAll({ where: { role: 'admin', status: 'active' } });
    return rows.map((row) => row.id);
  }

  it(`keeps one active admin (${site.dialect})`, async () => {
    let survivor = await signedInAs(server, 'admin');
    for (let round = 0; round < 4; round += 1) {
      const other = await signedInAs(server, 'admin');
      expect(await activeAdmins()).to.have.members([survivor.userId, other.userId]);
      // Round by round: demote each other, block each other, or one of each.
      const act = (client: TestClient, target: number, kind: number) =>
        kind === 0 ? client.request('PUT', `/admin/users/${target}/role`, { role: 'user' }) : client.post(`/admin/users/${target}/block`);
      const [a, b] = await Promise.all([act(survivor, other.userId, round % 2), act(other, survivor.userId, round >> 1)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses[0], JSON.stringify([a.body, b.body])).to.equal(200);
      expect(statuses[1]).to.be.oneOf([401, 403, 409]);
      const left = await activeAdmins();
      expect(left).to.have.length(1);
      survivor = left[0] === survivor.userId ? survivor : other;
    }
    // Alone now: stepping down is refused.
    const alone = await survivor.request('PUT', `/admin/users/${survivor.userId}/role`, { role: 'operator' });
    expect(alone.status).to.equal(409);
    expect(alone.body.error).to.include({ code: 'last_admin', message: 'This would leave no active administrator' });
  });

  it('lets two admins step down at the same moment: one of them stays', async () => {
    for (let round = 0; round < 3; round += 1) {
      // Exactly two active admins in this database.
      await initModels(server.db.sequelize).User.update({ role: 'operator' }, { where: { id: await activeAdmins() } });
      const first = await signedInAs(server, 'admin');
      const second = await signedInAs(server, 'admin');
      expect(await activeAdmins()).to.have.members([first.userId, second.userId]);
      const answers = await Promise.all([first, second].map((client) => client.request('PUT', `/admin/users/${client.userId}/role`, { role: 'user' })));
      expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error?.code).to.equal('last_admin');
      expect(await activeAdmins()).to.have.length(1);
    }
  });

});
