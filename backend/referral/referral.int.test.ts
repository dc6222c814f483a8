import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { BoardOrderDrawer } from '../../common/board';
import type { CreateOrderResponse } from '../../common/orders';
import { Big } from '../../common/money';
import { DEFAULT_REFERRAL_TIERS, REWARD_DECIMALS, type PartnerSummary, type ReferralSettings, type ReferredExchangePage } from '../../common/referral';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { initModels, type Order, type User } from '../models';
import { buildDirection, buildOrder, luhnCard, randomBtcWallet, orderRequest, type TestDirection } from '../orders/testing';
import { requisiteHash } from '../requisites/numbers';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { writeTransaction } from '../platform/db/transaction';
import { ensureReferralCode } from './codes';
import { createReferralContext, type ReferralContext } from './context';
import { ipHash } from './ipHash';
import { partnerPercent } from './percent';
import { profitInUsdt } from './profit';
import { decideReward } from './rewards';
import { postReward } from './rewardLedger';
import { startPricedWorker } from './testing';
import { REFERRAL_CLICKS_PER_HOUR } from './routes';

function registration(email: string, ref?: string) {
  return { firstName: 'Ivan', secondName: 'Petrov', email, phone: '+79991234567', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, agreeTerms: true, captcha: '', ...(ref ? { ref } : {}) };
}

/** A partner: an active user with a code (given lazily, as to accounts made before the programme). */
async function partner(server: TestServer, ctx: ReferralContext): Promise<{ user: User; code: string; email: string; password: string }> {
  const built = await buildUser(server.db.sequelize);
  const code = await ensureReferralCode(ctx, built.user.id);
  return { ...built, code };
}

describe('the referral programme', function () {
  this.timeout(90_000);
  let server: TestServer;
  let ctx: ReferralContext;
  let direction: TestDirection;

  before(async () => {
    server = await startTestServer();
    ctx = createReferralContext({ sequelize: server.db.sequelize, kv: server.kv, config: server.config });
    direction = await buildDirection(server);
  });

  after(async () => {
    await server?.close();
  });

  const models = () => initModels(server.db.sequelize);
  const orderByUid = async (uid: string) => (await models().Order.findOne({ where: { uid } }))!;

  describe('codes and attribution', () => {
    it('gives each user one readable code, lazily and race-safe', async () => {
      const { user } = await buildUser(server.db.sequelize);
      const codes = await Promise.all([ensureReferralCode(ctx, user.id), ensureReferralCode(ctx, user.id), ensureReferralCode(ctx, user.id)]);
      expect(new Set(codes).size).to.equal(1);
      expect(codes[0]).to.match(/^[2-9A-HJKMNP-Z]{8}$/);
      await user.reload();
      expect(user.referralCode).to.equal(codes[0]);
    });

    it('binds a registration with a code to its partner for good, with a code of its own; a later code does not rebind', async () => {
      const first = await partner(server, ctx);
      const second = await partner(server, ctx);
      const email = uniqueEmail('referred');
      const answer = await new TestClient(server.url).post('/user/auth/register', registration(email, first.code.toLowerCase()));
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const user = (await models().User.findOne({ where: { email } }))!;
      expect(user.referrerId).to.equal(first.user.id);
      expect(user.referralCode).to.match(/^[2-9A-HJKMNP-Z]{8}$/);
      const again = await new TestClient(server.url).post('/user/auth/register', registration(email, second.code));
      expect(again.status).to.equal(200);
      await user.reload();
      expect(user.referrerId).to.equal(first.user.id);

      const unknown = uniqueEmail('unbound');
      await new TestClient(server.url).post('/user/auth/register', registration(unknown, 'NOSUCHCODE'));
      expect((await models().User.findOne({ where: { email: unknown } }))!.referrerId).to.equal(null);
    });

    it("gives an anonymous order its code's partner and hashes the creating address", async () => {
      const owner = await partner(server, ctx);
      const response = await new TestClient(server.url).post('/orders', orderRequest(direction, { ref: owner.code }));
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      const order = await orderByUid((response.body.data as CreateOrderResponse).uid);
      expect(order.ref).to.equal(owner.code);
      expect(order.referrerId).to.equal(owner.user.id);
      expect(order.ipHash).to.equal(ipHash(ctx.secretKeys, '127.0.0.1'));
      const raw = JSON.stringify(await server.db.sequelize.query('SELECT * FROM orders WHERE id = :id', { replacements: { id: order.id }, type: QueryTypes.SELECT }));
      expect(raw).not.to.contain('127.0.0.1');
    });

    it("lets a signed-in customer's binding win over the browser's code, and never refers a customer to themself", async () => {
      const bound = await partner(server, ctx);
      const other = await partner(server, ctx);
      const { user, email, password } = await buildUser(server.db.sequelize);
      await user.update({ referrerId: bound.user.id });
      const client = new TestClient(server.url);
      expect((await client.signIn(email, password)).status).to.equal(200);
      const response = await client.post('/orders', orderRequest(direction, { ref: other.code }));
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect((await orderByUid(response.body.data.uid)).referrerId).to.equal(bound.user.id);

      // An unbound partner using their own link: no partner.
      const self = new TestClient(server.url);
      expect((await self.signIn(other.email, other.password)).status).to.equal(200);
      const own = await self.post('/orders', orderRequest(direction, { ref: other.code }));
      expect(own.status).to.equal(201);
      expect((await orderByUid(own.body.data.uid)).referrerId).to.equal(null);
    });
  });

  describe('reward decisions', () => {
    /** A done-looking order attributed to `partnerId` with `profitUsdt`, decided. */
    async function decided(partnerId: number, set: Partial<Record<keyof Order, unknown>>, profitUsdt: string | null = '100') {
      const { order } = await buildOrder(server, { direction, request: { receiverAccount: luhnCard() }, set: { referrerId: partnerId, ...set } });
      await order.reload();
      const reward = await writeTransaction(server.db.sequelize, (transaction) => decideReward(ctx, transaction, { ...order.get({ plain: true }), profitUsdt }));
      const row = (await models().ReferralReward.findOne({ where: { orderId: order.id } }))!;
      return { order, reward, row };
    }

    it('refuses, with the reason recorded, each case the issue names', async () => {
      const owner = await partner(server, ctx);
      const id = owner.user.id;
      expect((await decided(id, { userId: id })).row).to.include({ status: 'refused', reason: 'own_order', amount: null });
      expect((await decided(id, { email: owner.email })).row).to.include({ status: 'refused', reason: 'same_email' });

      const card = '4276380012345679';
      await models().Requisite.create({
        userId: id, kind: 'card', assetCode: direction.to, numberSealed: null, numberHash: requisiteHash(ctx.secretKeys, 'card', card),
        masked: '•••• 5678', holder: null, expiryMonth: null, expiryYear: null, status: 'verified', rejectReason: null, shared: false,
        photoKey: null, photoAt: null, orderUid: null, decidedById: null, decidedAt: null, deletedAt: null,
      } as never);
      expect((await decided(id, { receiverAccount: '4276 3800 1234 5679' })).row).to.include({ status: 'refused', reason: 'same_card' });

      const wallet = randomBtcWallet();
      await buildOrder(server, { direction, userId: id, request: { senderAccount: wallet } });
      expect((await decided(id, { senderAccount: wallet })).row).to.include({ status: 'refused', reason: 'same_wallet' });

      const shared = ipHash(ctx.secretKeys, '203.0.113.7');
      const { order: partnersOwn } = await buildOrder(server, { direction, userId: id, request: { receiverAccount: luhnCard() } });
      await partnersOwn.update({ ipHash: shared });
      expect((await decided(id, { ipHash: shared })).row).to.include({ status: 'refused', reason: 'same_ip' });

      expect((await decided(id, {}, '0')).row).to.include({ status: 'refused', reason: 'no_profit' });
      expect((await decided(id, {}, '-3.5')).row).to.include({ status: 'refused', reason: 'no_profit' });
      expect((await decided(id, {}, null)).row).to.include({ status: 'refused', reason: 'no_profit', profitUsdt: null });
    });

    it("rewards an order made through the partner's own API key (theirs as userId, their customer's exchange), and its accounts are not the partner's", async () => {
      const owner = await partner(server, ctx);
      const id = owner.user.id;
      const wallet = randomBtcWallet();
      // An earlier API order with the same customer wallet: not the partner's own account.
      await buildOrder(server, { direction, userId: id, request: { senderAccount: wallet }, set: { apiKeyId: 77, referrerId: id } });
      const { row } = await decided(id, { userId: id, apiKeyId: 77, senderAccount: wallet });
      expect(row).to.include({ status: 'eligible', reason: null });
      // Without the key it stays the partner's own order.
      expect((await decided(id, { userId: id })).row).to.include({ status: 'refused', reason: 'own_order' });
    });

    it("refuses an order from an address the partner signed in from (the session index)", async () => {
      const owner = await partner(server, ctx);
      expect((await new TestClient(server.url).signIn(owner.email, owner.password)).status).to.equal(200);
      const { row } = await decided(owner.user.id, { ipHash: ipHash(ctx.secretKeys, '127.0.0.1') });
      expect(row).to.include({ status: 'refused', reason: 'same_ip' });
    });

    it('records an eligible reward once: profit × percent, rounded down to REWARD_DECIMALS places (nothing left: refused too_small)', async () => {
      const owner = await partner(server, ctx);
      expect((await decided(owner.user.id, {}, '0.000000000000000333')).row).to.include({ status: 'refused', reason: 'too_small', amount: null });
      const { order, reward, row } = await decided(owner.user.id, {}, '0.333333333');
      expect(row).to.include({ status: 'eligible', reason: null, percent: '5', amount: '0.01666666' });
      expect(reward).to.deep.include({ orderId: order.id, partnerId: owner.user.id, amount: '0.01666666', percent: '5' });
      // Idempotent: a second decision reads the first.
      const again = await writeTransaction(server.db.sequelize, (transaction) => decideReward(ctx, transaction, { ...order.get({ plain: true }), profitUsdt: '1000' }));
      expect(again?.amount).to.equal('0.01666666');
      expect(await models().ReferralReward.count({ where: { orderId: order.id } })).to.equal(1);
    });
  });

  describe('percent: tiers, active referrals, own percent', () => {
    it('counts referred users with a done order in the last 30 days and takes their tier; an own percent wins', async () => {
      const owner = await partner(server, ctx);
      expect(await partnerPercent(ctx, owner.user.id)).to.deep.equal({ percent: '5', override: false, nextTier: DEFAULT_REFERRAL_TIERS[1], activeReferrals: 0 });
      const now = Date.now();
      for (const [i, doneAt] of [new Date(now - 86_400_000), new Date(now - 2 * 86_400_000), new Date(now - 40 * 86_400_000), null].entries()) {
        const { user } = await buildUser(server.db.sequelize);
        await user.update({ referrerId: owner.user.id });
        // Two orders for the first: counted once.
        for (let n = 0; n < (i === 0 ? 2 : 1); n += 1) {
          await buildOrder(server, { direction, userId: user.id, set: { status: doneAt ? 'done' : 'progress', doneAt } });
        }
      }
      const admin = await signedInAs(server, 'admin');
      const tiers = [{ referrals: 0, percent: '3' }, { referrals: 2, percent: '8.25' }, { referrals: 3, percent: '15' }];
      expect((await admin.request('PUT', '/admin/referral/settings', { tiers, holdDays: 0, minPayout: '10' })).status).to.equal(200);
      expect(await partnerPercent(ctx, owner.user.id)).to.deep.equal({ percent: '8.25', override: false, nextTier: tiers[2], activeReferrals: 2 });

      const set = await admin.request('PUT', `/admin/referral/partners/${owner.user.id}`, { percent: '12.5' });
      expect(set.status, JSON.stringify(set.body)).to.equal(200);
      expect(set.body.data).to.deep.equal({ userId: owner.user.id, percent: '12.5' });
      expect(await partnerPercent(ctx, owner.user.id)).to.deep.equal({ percent: '12.5', override: true, nextTier: null, activeReferrals: 2 });
      const audit = await models().AuditRecord.findOne({ where: { action: 'referral.partner_percent', targetId: String(owner.user.id) } });
      expect(audit).to.not.equal(null);

      const client = new TestClient(server.url);
      expect((await client.signIn(owner.email, owner.password)).status).to.equal(200);
      const summary = (await client.get('/user/partner')).body.data as PartnerSummary;
      expect(summary).to.deep.equal({
        code: owner.code,
        link: `${server.config.publicUrl}/?r=${owner.code}`,
        percent: '12.5',
        percentOverride: true,
        nextTier: null,
        available: '0',
        pending: '0',
        referrals: 4,
        activeReferrals: 2,
        minPayout: '10',
        currency: 'USDT',
      });
      expect((await admin.request('PUT', `/admin/referral/partners/${owner.user.id}`, { percent: null })).status).to.equal(200);
      expect((await partnerPercent(ctx, owner.user.id)).override).to.equal(false);
      // Back to the defaults for the other tests.
      expect((await admin.request('PUT', '/admin/referral/settings', { tiers: DEFAULT_REFERRAL_TIERS, holdDays: 0, minPayout: '10' })).status).to.equal(200);
    });
  });

  describe('admin settings', () => {
    it('reads the defaults, validates every field with a 4xx code (never 500), and audits a change', async () => {
      const admin = await signedInAs(server, 'admin');
      const read = await admin.get('/admin/referral/settings');
      expect(read.body.data).to.deep.equal({ tiers: [...DEFAULT_REFERRAL_TIERS], holdDays: 0, minPayout: '10' } satisfies ReferralSettings);
      const good = { tiers: [{ referrals: 0, percent: '5' }, { referrals: 10, percent: '15' }], holdDays: 7, minPayout: '25.5' };
      const bad: unknown[] = [
        { ...good, tiers: [{ referrals: 10, percent: '15' }, { referrals: 0, percent: '5' }] },
        { ...good, tiers: [{ referrals: 1, percent: '5' }] },
        { ...good, tiers: [{ referrals: 0, percent: '5' }, { referrals: 0, percent: '6' }] },
        { ...good, tiers: [{ referrals: 0, percent: '100.5' }] },
        { ...good, tiers: [{ referrals: 0, percent: '-1' }] },
        { ...good, tiers: [] },
        { ...good, tiers: 'x' },
        { ...good, holdDays: 1.5 },
        { ...good, holdDays: 366 },
        { ...good, holdDays: -1 },
        { ...good, minPayout: '0' },
        { ...good, minPayout: 'ten' },
        {},
      ];
      for (const body of bad) {
        const answer = await admin.request('PUT', '/admin/referral/settings', body);
        expect(answer.status, JSON.stringify(body)).to.equal(400);
        expect(answer.body.error?.code, JSON.stringify(body)).to.equal('validation_failed');
      }
      const broken = await fetch(`${server.url}/api/admin/referral/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: admin.cookieHeader(), lang: 'en' },
        body: '{"tiers": [',
      });
      expect(broken.status).to.be.within(400, 499);
      expect(((await broken.json()) as { error: { code: string } }).error.code).to.be.a('string');
      const badPercent = await admin.request('PUT', '/admin/referral/partners/1', { percent: '101' });
      expect(badPercent.status).to.equal(400);
      expect((await admin.request('PUT', '/admin/referral/partners/999999999', { percent: '5' })).status).to.equal(404);

      const saved = await admin.request('PUT', '/admin/referral/settings', good);
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      expect((await admin.get('/admin/referral/settings')).body.data).to.deep.equal(good);
      const audit = await models().AuditRecord.findOne({ where: { action: 'referral.settings' }, order: [['id', 'DESC']] });
      expect(audit?.actorId).to.equal(admin.userId);
      // A broken stored value falls back to its default instead of breaking the pages.
      await models().Setting.upsert({ key: 'referral.tiers', value: 'not json' });
      expect((await admin.get('/admin/referral/settings')).body.data.tiers).to.deep.equal(DEFAULT_REFERRAL_TIERS);
      expect((await admin.request('PUT', '/admin/referral/settings', { tiers: DEFAULT_REFERRAL_TIERS, holdDays: 0, minPayout: '10' })).status).to.equal(200);
    });

    it('answers the role matrix of the admin endpoints, and 401 to the partner pages signed out', async () => {
      await expectRoleMatrix(server, [
        { method: 'GET', path: '/admin/referral/settings', roles: ADMIN_ONLY },
        { method: 'PUT', path: '/admin/referral/settings', roles: ADMIN_ONLY, body: { tiers: DEFAULT_REFERRAL_TIERS, holdDays: 0, minPayout: '10' } },
        { method: 'PUT', path: '/admin/referral/partners/999999999', roles: ADMIN_ONLY, body: { percent: null } },
      ]);
      const anonymous = new TestClient(server.url);
      expect((await anonymous.get('/user/partner')).status).to.equal(401);
      expect((await anonymous.get('/user/partner/exchanges')).status).to.equal(401);
    });
  });

  describe('referred exchanges', () => {
    it('shows a partner only the orders attributed to them, newest first, a page at a time, without the customer details', async () => {
      const a = await partner(server, ctx);
      const b = await partner(server, ctx);
      const mine: Order[] = [];
      for (let i = 0; i < 22; i += 1) mine.push((await buildOrder(server, { direction, set: { referrerId: a.user.id } })).order);
      const theirs = (await buildOrder(server, { direction, set: { referrerId: b.user.id } })).order;
      // Decided and posted, as the done change does (done.ts onOrderDone).
      await writeTransaction(server.db.sequelize, async (transaction) => {
        const reward = await decideReward(ctx, transaction, { ...mine[21]!.get({ plain: true }), referrerId: a.user.id, profitUsdt: '40' });
        await postReward(ctx, transaction, reward!, new Date());
      });
      await writeTransaction(server.db.sequelize, (transaction) => decideReward(ctx, transaction, { ...mine[20]!.get({ plain: true }), referrerId: a.user.id, profitUsdt: '0' }));

      const client = new TestClient(server.url);
      expect((await client.signIn(a.email, a.password)).status).to.equal(200);
      const first = (await client.get('/user/partner/exchanges')).body.data as ReferredExchangePage;
      expect(first.items).to.have.length(20);
      expect(first.items[0]).to.include({ uid: mine[21]!.uid, reward: '2', rewardStatus: 'available' });
      expect(first.items[1]).to.include({ uid: mine[20]!.uid, reward: null, rewardStatus: 'not_eligible' });
      expect(first.items[2]).to.include({ reward: null, rewardStatus: null });
      expect(JSON.stringify(first)).not.to.match(/email|secret|Account/);
      const second = (await client.get(`/user/partner/exchanges?cursor=${first.nextCursor}`)).body.data as ReferredExchangePage;
      expect(second.items.map((item) => item.uid)).to.deep.equal([mine[1]!.uid, mine[0]!.uid]);
      expect(second.nextCursor).to.equal(null);
      expect(JSON.stringify([first, second])).not.to.contain(theirs.uid);
      expect((await client.get('/user/partner/exchanges?cursor=abc')).status).to.equal(400);
    });
  });

  describe('clicks', () => {
    it("records a known code's click with a hashed address, the browser and the path cut; ignores unknown codes", async () => {
      const owner = await partner(server, ctx);
      const client = new TestClient(server.url);
      const answer = await client.post('/referral/clicks', { code: owner.code.toLowerCase(), path: `/exchange/${'x'.repeat(400)}` }, { 'user-agent': `Browser/${'y'.repeat(400)}` });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      const clicks = await models().ReferralClick.findAll({ where: { code: owner.code } });
      expect(clicks).to.have.length(1);
      expect(clicks[0]!.ipHash).to.equal(ipHash(ctx.secretKeys, '127.0.0.1'));
      expect(clicks[0]!.userAgent).to.have.length(200);
      expect(clicks[0]!.landingPath).to.have.length(255);
      const raw = JSON.stringify(await server.db.sequelize.query('SELECT * FROM referral_clicks', { type: QueryTypes.SELECT }));
      expect(raw).not.to.contain('127.0.0.1');

      expect((await client.post('/referral/clicks', { code: 'NOSUCHCODE9' })).status).to.equal(200);
      expect(await models().ReferralClick.count({ where: { code: 'NOSUCHCODE9' } })).to.equal(0);
      expect((await client.post('/referral/clicks', { code: 'bad code!' })).status).to.equal(400);
      // Each address has REFERRAL_CLICKS_PER_HOUR beacons an hour (three used above).
      for (let i = 3; i < REFERRAL_CLICKS_PER_HOUR; i += 1) expect((await client.post('/referral/clicks', { code: owner.code })).status).to.equal(200);
      const limited = await client.post('/referral/clicks', { code: owner.code });
      expect(limited.status).to.equal(429);
      expect(limited.body.error?.code).to.equal('too_many_requests');
    });
  });
});

describe('the profit in USDT fixed when an order is done, and its reward', function () {
  this.timeout(90_000);
  let server: TestServer;
  let worker: RunningWorker;
  let direction: TestDirection;
  let ctx: ReferralContext;

  before(async () => {
    server = await startTestServer();
    ctx = createReferralContext({ sequelize: server.db.sequelize, kv: server.kv, config: server.config });
    direction = await buildDirection(server, { rate: '1', to: { type: 'fiat', precision: 2 } });
    worker = await startPricedWorker(server, direction);
  });

  after(async () => {
    await worker?.close();
    await server?.close();
  });

  it('computes the profit exactly from the bid of what came and the ask of what went', () => {
    const prices = { BTC: { bid: '123.45', ask: '124' }, RUB: { bid: '0.0124', ask: '0.0125' } };
    // 0.6 × 123.45 − 4863.93 × 0.0125 = 74.07 − 60.799125
    expect(profitInUsdt(prices, 'BTC', 'RUB', { amountSend: '0.5', amountReceive: '4863.93', receivedAmount: '0.6' })).to.equal('13.270875');
    expect(profitInUsdt(prices, 'BTC', 'RUB', { amountSend: '0.5', amountReceive: '4863.93', receivedAmount: null })).to.equal('0.925875');
    expect(profitInUsdt(prices, 'BTC', 'KGS', { amountSend: '0.5', amountReceive: '1', receivedAmount: null })).to.equal(null);
  });

  it('fixes the profit at done in the same change, shows it in the drawer, and records the reward', async () => {
    const owner = await partner(server, ctx);
    const operator = await signedInAs(server, 'operator');
    const response = await new TestClient(server.url).post('/orders', orderRequest(direction, { amountSend: '0.5', ref: owner.code }));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    const created = response.body.data as CreateOrderResponse;
    const received = await operator.post(`/operator/orders/${created.uid}/received`, { amount: created.order.amountSend });
    expect(received.status, JSON.stringify(received.body)).to.equal(200);
    const before = (await operator.get(`/operator/orders/${created.uid}`)).body.data as BoardOrderDrawer;
    expect(before.profitUsdt).to.equal(null);

    const done = await operator.post(`/operator/orders/${created.uid}/done`, {});
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    const order = (await initModels(server.db.sequelize).Order.findOne({ where: { uid: created.uid } }))!;
    // 0.5 × 123.45 − amountReceive × 0.0125, at the prices of the moment.
    const expected = profitInUsdt(server.rates.current()!.prices, 'BTC', 'RUB', order);
    expect(order.profitUsdt).to.equal(expected);
    expect(order.doneAt).to.be.an.instanceOf(Date);
    const drawer = (await operator.get(`/operator/orders/${created.uid}`)).body.data as BoardOrderDrawer;
    expect(drawer.profitUsdt).to.equal(expected);
    expect(drawer.profit).to.be.a('string');

    const reward = (await initModels(server.db.sequelize).ReferralReward.findOne({ where: { orderId: order.id } }))!;
    expect(reward).to.include({ partnerId: owner.user.id, status: 'eligible', percent: '5', profitUsdt: expected });
    expect(reward.amount).to.equal(new Big(expected!).times('0.05').round(REWARD_DECIMALS, Big.roundDown).toFixed());
  });
});
