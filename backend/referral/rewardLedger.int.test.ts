/**
 * The reward on the ledger, end to end over HTTP (SQLite, and MariaDB with TEST_DATABASE_URL): a
 * done order posts profit × percent / 100 once, a hold keeps it pending until the release job's
 * clock passes, a replay or a race posts once, and an admin's reverse posts the reversing entry.
 */
import { expect } from 'chai';
import { Big } from '../../common/money';
import type { CreateOrderResponse } from '../../common/orders';
import { REWARD_DECIMALS, type PartnerSummary, type ReferredExchangePage } from '../../common/referral';
import { TEST_PASSWORD, TestClient, uniqueEmail } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { holdWithdrawal, partnerBalances, rewardKey, reverseKey, settleWithdrawal } from '../ledger/referral';
import { checkLedgerInvariants } from '../ledger/testing';
import { initModels } from '../models';
import { buildUser } from '../accounts/testing';
import { buildDirection, orderRequest, type TestDirection } from '../orders/testing';
import { writeTransaction } from '../platform/db/transaction';
import { PARTNER_CHANNEL, type PartnerChangeMessage } from '../ledger/live';
import { startTestServer, type TestServer } from '../test/server';
import type { RunningWorker } from '../workers';
import { endAllSessions } from '../accounts/sessions';
import { ensureReferralCode } from './codes';
import { createReferralContext, type ReferralContext } from './context';
import { onOrderDone } from './done';
import { releaseDueRewards } from './rewardLedger';
import { startPricedWorker } from './testing';

const DAY_MS = 86_400_000;

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('referral rewards on the ledger', function () {
  this.timeout(120_000);
  let server: TestServer;
  let worker: RunningWorker;
  let direction: TestDirection;
  let ctx: ReferralContext;
  let operator: TestClient;
  let admin: TestClient;
  let clockAhead = 0;
  const announced: PartnerChangeMessage[] = [];
  let unsubscribe: () => Promise<void>;

  before(async () => {
    server = await startTestServer();
    ctx = createReferralContext({ sequelize: server.db.sequelize, kv: server.kv, config: server.config });
    direction = await buildDirection(server, { rate: '1', to: { type: 'fiat', precision: 2 } });
    // The release job ticks fast on a clock the tests move.
    worker = await startPricedWorker(server, direction, { tickMs: 50, now: () => new Date(Date.now() + clockAhead) });
    unsubscribe = await server.kv.subscribe(PARTNER_CHANNEL, (raw) => announced.push(JSON.parse(raw) as PartnerChangeMessage));
    operator = await signedInAs(server, 'operator');
    admin = await signedInAs(server, 'admin');
  });

  after(async () => {
    await unsubscribe?.();
    await worker?.close();
    await server?.close();
  });

  afterEach(async () => {
    clockAhead = 0;
    await initModels(server.db.sequelize).Setting.destroy({ where: { key: 'referral.holdDays' } });
    await checkLedgerInvariants(server.db.sequelize);
  });

  const models = () => initModels(server.db.sequelize);

  type Partner = { id: number; code: string; email: string; password: string };

  /** A partner with a code (signed in only to read their page: a live session's address would refuse their referrals' rewards as same_ip). */
  async function partner(): Promise<Partner> {
    const built = await buildUser(server.db.sequelize);
    return { id: built.user.id, code: await ensureReferralCode(ctx, built.user.id), email: built.email, password: built.password };
  }

  async function asPartner<T>(p: Partner, read: (client: TestClient) => Promise<T>): Promise<T> {
    const client = new TestClient(server.url);
    expect((await client.signIn(p.email, p.password)).status).to.equal(200);
    try {
      return await read(client);
    } finally {
      await endAllSessions(server.kv, p.id);
    }
  }

  /** An order of the partner's link with its funds received, ready to be done. */
  async function receivedOrder(code: string): Promise<string> {
    const response = await new TestClient(server.url).post('/orders', orderRequest(direction, { amountSend: '0.5', ref: code }));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    const created = response.body.data as CreateOrderResponse;
    const received = await operator.post(`/operator/orders/${created.uid}/received`, { amount: created.order.amountSend });
    expect(received.status, JSON.stringify(received.body)).to.equal(200);
    return created.uid;
  }

  async function doneOrder(code: string) {
    const uid = await receivedOrder(code);
    const done = await operator.post(`/operator/orders/${uid}/done`, {});
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    const order = (await models().Order.findOne({ where: { uid } }))!;
    const reward = (await models().ReferralReward.findOne({ where: { orderId: order.id } }))!;
    return { uid, order, reward };
  }

  const summaryOf = (p: Partner) => asPartner(p, async (client) => (await client.get('/user/partner')).body.data as PartnerSummary);
  const statusOf = (p: Partner, uid: string) =>
    asPartner(p, async (client) => ((await client.get('/user/partner/exchanges')).body.data as ReferredExchangePage).items.find((item) => item.uid === uid)?.rewardStatus);
  const postingsOf = (key: string) => models().LedgerTransaction.count({ where: { idempotencyKey: key } });

  it('posts profit × percent / 100 to the available balance at done, and the partner sees it', async () => {
    const p = await partner();
    const { uid, order, reward } = await doneOrder(p.code);
    const expected = new Big(order.profitUsdt!).times(reward.percent!).div(100).round(REWARD_DECIMALS, Big.roundDown).toFixed();
    expect(reward).to.include({ status: 'eligible', ledgerStatus: 'available', releaseAt: null, amount: expected });
    expect((await partnerBalances(ctx, p.id)).available).to.equal(expected);
    const summary = await summaryOf(p);
    expect(summary).to.include({ code: p.code, available: expected, pending: '0', referrals: 0 });
    expect(summary.link).to.contain(`?r=${p.code}`);
    expect(await statusOf(p, uid)).to.equal('available');
    expect(await postingsOf(rewardKey(order.id))).to.equal(1);
  });

  it('keeps a reward pending for the hold period, and the release job makes it available once the clock passes', async () => {
    await models().Setting.upsert({ key: 'referral.holdDays', value: '2' });
    const p = await partner();
    const { uid, order, reward } = await doneOrder(p.code);
    expect(reward.ledgerStatus).to.equal('pending');
    expect(reward.releaseAt!.getTime()).to.be.closeTo(order.doneAt!.getTime() + 2 * DAY_MS, 5_000);
    expect(await summaryOf(p)).to.include({ available: '0', pending: reward.amount });
    expect(await statusOf(p, uid)).to.equal('pending');

    // The worker's job, a day on: still held.
    clockAhead = DAY_MS;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await reward.reload();
    expect(reward.ledgerStatus).to.equal('pending');
    // Past the two days: released (and the partner told).
    clockAhead = 2 * DAY_MS + 60_000;
    await waitFor(async () => (await reward.reload()).ledgerStatus === 'available');
    expect(await postingsOf(`${rewardKey(order.id)}:release`)).to.equal(1);
    expect(await summaryOf(p)).to.include({ available: reward.amount, pending: '0' });
    expect(await statusOf(p, uid)).to.equal('available');
    await waitFor(async () => announced.filter((message) => message.userId === p.id && message.kind === 'reward').length >= 2);
    clockAhead = 0;

    // Two release passes at once (two workers): one release.
    const next = await doneOrder(p.code);
    const deps = { ...ctx, kv: server.kv, logger: server.logger };
    const later = new Date(next.reward.releaseAt!.getTime() + 1000);
    const [first, second] = await Promise.all([releaseDueRewards(deps, later), releaseDueRewards(deps, later)]);
    expect(first + second).to.equal(1);
    expect(await postingsOf(`${rewardKey(next.order.id)}:release`)).to.equal(1);
    expect(await summaryOf(p)).to.include({ available: new Big(reward.amount!).plus(next.reward.amount!).toFixed(), pending: '0' });
  });

  it('tells the partner live: a referral bound at registration, a reward at done', async () => {
    const p = await partner();
    const email = uniqueEmail('referred');
    const registered = await new TestClient(server.url).post('/user/auth/register', {
      firstName: 'Ivan', secondName: 'Petrov', email, phone: '+79991234567', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, agreeTerms: true, captcha: '', ref: p.code,
    });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(200);
    await waitFor(async () => announced.some((message) => message.userId === p.id && message.kind === 'referral'));
    expect((await summaryOf(p)).referrals).to.equal(1);
    await doneOrder(p.code);
    await waitFor(async () => announced.some((message) => message.userId === p.id && message.kind === 'reward'));
  });

  it('posts once when the done hook runs 50 times at once for one order, each in its own transaction', async () => {
    const p = await partner();
    const { order } = await doneOrder(p.code);
    // As if the done change were delivered again and again: the hook alone, 50 times in parallel.
    const before = await partnerBalances(ctx, p.id);
    await Promise.all(Array.from({ length: 50 }, () => writeTransaction(server.db.sequelize, (transaction) => onOrderDone(ctx, transaction, order, order))));
    expect(await postingsOf(rewardKey(order.id))).to.equal(1);
    expect(await partnerBalances(ctx, p.id)).to.deep.equal(before);

    // A fresh order whose first posting is one of the 50 racing ones.
    const uid = await receivedOrder(p.code);
    const fresh = (await models().Order.findOne({ where: { uid } }))!;
    await fresh.update({ profitUsdt: '12.5', doneAt: new Date() });
    await Promise.all(Array.from({ length: 50 }, () => writeTransaction(server.db.sequelize, (transaction) => onOrderDone(ctx, transaction, fresh, fresh))));
    expect(await postingsOf(rewardKey(fresh.id))).to.equal(1);
    const reward = (await models().ReferralReward.findOne({ where: { orderId: fresh.id } }))!;
    expect(reward.ledgerStatus).to.equal('available');
    expect((await partnerBalances(ctx, p.id)).available).to.equal(new Big(before.available).plus(reward.amount!).toFixed());
  });

  it('gives one reward when two operators complete the same order at once', async () => {
    const p = await partner();
    const uid = await receivedOrder(p.code);
    const other = await signedInAs(server, 'operator');
    const answers = await Promise.all([operator.post(`/operator/orders/${uid}/done`, {}), other.post(`/operator/orders/${uid}/done`, {})]);
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal([200, 409]);
    const order = (await models().Order.findOne({ where: { uid } }))!;
    expect(await postingsOf(rewardKey(order.id))).to.equal(1);
    const reward = (await models().ReferralReward.findOne({ where: { orderId: order.id } }))!;
    expect((await partnerBalances(ctx, p.id)).available).to.equal(reward.amount);
  });

  it('reverses a done order (admins, with a reason): the reversing entry takes the reward back, a withdrawn one becomes debt', async () => {
    const p = await partner();
    const { uid, order, reward } = await doneOrder(p.code);
    const missing = await admin.post(`/operator/orders/${uid}/reverse`, {});
    expect(missing.status).to.equal(400);
    expect(missing.body.error?.fields?.reason ?? missing.body.error?.code).to.be.a('string');
    expect((await operator.post(`/operator/orders/${uid}/reverse`, { reason: 'chargeback' })).status).to.equal(403);

    const reversed = await admin.post(`/operator/orders/${uid}/reverse`, { reason: 'chargeback' });
    expect(reversed.status, JSON.stringify(reversed.body)).to.equal(200);
    expect(reversed.body.data.status).to.equal('returned');
    expect(reversed.body.data.history.at(-1)).to.deep.include({ action: 'reverse', details: { reason: 'chargeback' } });
    expect(await postingsOf(reverseKey(order.id))).to.equal(1);
    expect(await partnerBalances(ctx, p.id)).to.include({ available: '0', debt: '0' });
    expect(await statusOf(p, uid)).to.equal('reversed');
    await reward.reload();
    expect(reward.ledgerStatus).to.equal('reversed');
    const audit = await models().AuditRecord.findOne({ where: { action: 'order.reverse', targetId: uid } });
    expect(audit).to.not.equal(null);
    // Once: a returned order is not reversed again.
    expect((await admin.post(`/operator/orders/${uid}/reverse`, { reason: 'again' })).status).to.equal(409);

    // Withdrawn and paid before the reverse: the shortfall becomes debt.
    const second = await doneOrder(p.code);
    const amount = second.reward.amount!;
    await writeTransaction(server.db.sequelize, async (transaction) => {
      await holdWithdrawal(ctx, transaction, { withdrawalId: 900_000 + second.order.id, userId: p.id, amount });
      await settleWithdrawal(ctx, transaction, { withdrawalId: 900_000 + second.order.id, userId: p.id, amount }, 'paid');
    });
    expect((await admin.post(`/operator/orders/${second.uid}/reverse`, { reason: 'refund after completion' })).status).to.equal(200);
    expect(await partnerBalances(ctx, p.id)).to.include({ available: '0', debt: new Big(amount).neg().toFixed() });
    expect(await statusOf(p, second.uid)).to.equal('reversed');
  });

  it('reverse is admin-only (the role matrix)', async () => {
    const p = await partner();
    const { uid } = await doneOrder(p.code);
    await expectRoleMatrix(server, [{ method: 'POST', path: `/operator/orders/${uid}/reverse`, roles: ADMIN_ONLY, body: {} }]);
  });
});
