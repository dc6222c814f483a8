import { expect } from 'chai';
import { formatMoney } from '../../../common/money';
import { waitForOutbox } from '../../orders/testing';
import { randomBytes } from 'node:crypto';
import { luhnCard } from '../../orders/testing';
import { Big } from '../../../common/money';
import { TestClient } from '../../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../../console/testing';
import { initModels } from '../../models';
import { writeTransaction } from '../../platform/db/transaction';
import { startTestServer, type TestServer } from '../../test/server';
import { checkLedgerInvariants } from '../testing';
import { requisiteHash, sealRequisiteNumber } from '../../requisites/numbers';
import { accrueReward, partnerBalances } from '../referral';

/** A new asset paid out at 1 USDT (its currency is USDT: no price needed). */
async function usdtAsset(server: TestServer, type: 'coin' | 'fiat' = 'coin'): Promise<string> {
  const code = `W${randomBytes(4).toString('hex').toUpperCase()}`;
  await initModels(server.db.sequelize).Asset.create({ code, name: `Test ${code}`, type, currency: 'USDT', network: null, precision: 2, icon: 'test', reserve: '1000000', city: null });
  return code;
}

let orders = Math.floor(Date.now() / 1000) * 1000;

/** Credits `amount` USDT to the partner's available balance (a reward of a made-up order). */
async function credit(server: TestServer, partnerId: number, amount: string): Promise<void> {
  orders += 1;
  const orderId = orders;
  await writeTransaction(server.db.sequelize, (tx) => accrueReward({ sequelize: server.db.sequelize }, tx, { orderId, partnerId, amount, pending: false }));
}

/** A card saved on /user/requisites with the status an operator gave it. */
async function savedCard(server: TestServer, userId: number, asset: string, number: string, status: 'verified' | 'pending'): Promise<number> {
  const row = await initModels(server.db.sequelize).Requisite.create({
    userId,
    kind: 'card',
    assetCode: asset,
    numberSealed: sealRequisiteNumber(server.config.sessionKeys, userId, number),
    numberHash: requisiteHash(server.config.sessionKeys, 'card', number),
    masked: `•••• ${number.slice(-4)}`,
    holder: 'ANNA PETROVA',
    shared: false,
    expiryMonth: 12,
    expiryYear: new Date().getFullYear() + 2,
    status,
  });
  return row.id;
}

/** Every request of the console's list with these statuses, page after page (a shared MariaDB keeps earlier runs' rows). */
async function staffQueue(operator: TestClient, status: string): Promise<Array<{ id: number; userId: number; [key: string]: unknown }>> {
  const items: Array<{ id: number; userId: number }> = [];
  let cursor: string | null = null;
  do {
    const page = await operator.get(`/operator/withdrawals?status=${status}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status, JSON.stringify(page.body)).to.equal(200);
    items.push(...page.body.data.items);
    cursor = page.body.data.nextCursor;
  } while (cursor);
  return items;
}


describe('withdrawal requests (/api/user/partner/withdrawals, /api/operator/withdrawals)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let asset: string;

  before(async () => {
    server = await startTestServer();
    asset = await usdtAsset(server);
  });

  after(async () => {
    await server.close();
  });

  const request = (client: TestClient, body: Record<string, unknown>) => client.post('/user/partner/withdrawals', { currency: asset, account: 'wallet-address-0001', ...body });

  it('creates a request holding its amount, quotes it first, and lists it newest first', async () => {
    const partner = await signedInAs(server, 'user');
    await credit(server, partner.userId, '25');
    const quote = await partner.get(`/user/partner/withdrawals/quote?currency=${asset}&amount=12.5`);
    expect(quote.status, JSON.stringify(quote.body)).to.equal(200);
    expect(quote.body.data).to.deep.equal({ currency: asset, amount: '12.5', payout: '12.5', rate: '1' });
    const created = await request(partner, { amount: '12.5' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data).to.include({ currency: asset, amount: '12.5', payout: '12.5', status: 'new', reason: null });
    expect(await partnerBalances({ sequelize: server.db.sequelize }, partner.userId)).to.deep.equal({ pending: '0', available: '12.5', held: '12.5', debt: '0' });
    const second = await request(partner, { amount: '10' });
    const list = await partner.get('/user/partner/withdrawals');
    expect(list.body.data.items.map((item: { id: number }) => item.id)).to.deep.equal([second.body.data.id, created.body.data.id]);
    expect(list.body.data.nextCursor).to.equal(null);
    await checkLedgerInvariants(server.db.sequelize);
  });

  it('refuses: nothing available (409 no_funds), more than available (409 insufficient_funds), below the minimum (422), a bad shape or an unknown asset (400)', async () => {
    const partner = await signedInAs(server, 'user');
    const none = await request(partner, { amount: '20' });
    expect(none.status).to.equal(409);
    expect(none.body.error).to.include({ code: 'no_funds', message: 'No funds available for withdrawal' });
    const ru = await partner.request('POST', '/user/partner/withdrawals', { currency: asset, account: 'wallet-1', amount: '20' }, { lang: 'ru' });
    expect(ru.body.error?.message).to.equal('Нет средств, доступных для вывода');
    await credit(server, partner.userId, '15');
    expect((await request(partner, { amount: '20' })).body.error?.code).to.equal('insufficient_funds');
    const small = await request(partner, { amount: '9.99' });
    expect(small.status).to.equal(422);
    expect(small.body.error?.code).to.equal('below_min_payout');
    expect((await request(partner, { amount: '1e3' })).status).to.equal(400);
    expect((await request(partner, { amount: '-5' })).status).to.equal(400);
    expect((await request(partner, { amount: '10', currency: 'NOPE' })).status).to.equal(400);
    expect((await request(partner, { amount: '10', account: '' })).status).to.equal(400);
    // A wallet that no network takes: refused on `account`, nothing held.
    for (const account of ['hello world <script>', 'not a wallet!!', '0x', 'ab cd ef gh']) {
      const bad = await request(partner, { amount: '10', account });
      expect([bad.status, bad.body.error?.code, Object.keys(bad.body.error?.fields ?? {})], account).to.deep.equal([400, 'validation_failed', ['account']]);
    }
    expect((await new TestClient(server.url).post('/user/partner/withdrawals', { currency: asset, amount: '10', account: 'x' })).status).to.equal(401);
    expect((await partnerBalances({ sequelize: server.db.sequelize }, partner.userId)).available).to.equal('15');
  });

  it('reads the minimum payout from the admin setting referral.minPayout', async () => {
    const { Setting } = initModels(server.db.sequelize);
    await Setting.upsert({ key: 'referral.minPayout', value: JSON.stringify('2') });
    try {
      const partner = await signedInAs(server, 'user');
      await credit(server, partner.userId, '5');
      expect((await request(partner, { amount: '2' })).status).to.equal(201);
      expect((await request(partner, { amount: '1.99' })).body.error?.code).to.equal('below_min_payout');
    } finally {
      await Setting.destroy({ where: { key: 'referral.minPayout' } });
    }
  });

  it('asks for the 2FA code when 2FA is on, and pays a card asset only to a verified card', async () => {
    const guarded = await signedInAs(server, 'user', { twoFactorEnabled: true });
    await credit(server, guarded.userId, '50');
    const noCode = await request(guarded, { amount: '10' });
    expect(noCode.status).to.equal(400);
    expect(noCode.body.error?.code).to.equal('otp_required');
    const card = await usdtAsset(server, 'fiat');
    const partner = await signedInAs(server, 'user');
    await credit(server, partner.userId, '50');
    const refused = await request(partner, { amount: '10', currency: card, account: luhnCard() });
    expect(refused.status).to.equal(422);
    expect(refused.body.error?.code).to.equal('card_not_verified');

    // The withdraw page names one of the user's verified cards by its saved id; another user's is refused.
    const number = luhnCard();
    const saved = await savedCard(server, partner.userId, card, number, 'verified');
    const pending = await savedCard(server, partner.userId, card, luhnCard(), 'pending');
    const stranger = await signedInAs(server, 'user');
    const theirs = await savedCard(server, stranger.userId, card, luhnCard(), 'verified');
    for (const id of [pending, theirs]) {
      const answer = await request(partner, { amount: '10', currency: card, account: String(id) });
      expect(answer.status, `card ${id}`).to.equal(422);
      expect(answer.body.error?.code).to.equal('card_not_verified');
    }
    const paid = await request(partner, { amount: '10', currency: card, account: String(saved) });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(201);
    expect(paid.body.data.account).to.equal(`•••• ${number.slice(-4)}`);
    const operator = await signedInAs(server, 'operator');
    const queue = await staffQueue(operator, 'new,processing');
    expect(queue.find((item) => item.id === paid.body.data.id)).to.include({ account: number });
    expect((await operator.get('/operator/withdrawals?status=new,unknown')).status).to.equal(400);
  });

  it('lets operators move a request new → processing → paid, or reject it with a reason (back to available), mailing the partner', async () => {
    const partner = await signedInAs(server, 'user');
    const operator = await signedInAs(server, 'operator');
    await credit(server, partner.userId, '40');
    const first = (await request(partner, { amount: '15' })).body.data as { id: number };
    const second = (await request(partner, { amount: '20' })).body.data as { id: number };
    const mine = (await staffQueue(operator, 'new')).filter((item) => item.userId === partner.userId);
    expect(mine.map((item: { id: number }) => item.id)).to.deep.equal([first.id, second.id]);
    expect(mine[0]).to.include({ account: 'wallet-address-0001', email: partner.email });
    expect((await operator.post(`/operator/withdrawals/${first.id}/paid`)).status).to.equal(409);
    expect((await operator.post(`/operator/withdrawals/${first.id}/processing`)).body.data.status).to.equal('processing');
    expect((await operator.post(`/operator/withdrawals/${first.id}/paid`)).body.data.status).to.equal('paid');
    const twice = await operator.post(`/operator/withdrawals/${first.id}/paid`);
    expect(twice.status).to.equal(409);
    expect(twice.body.error?.code).to.equal('invalid_transition');
    const noReason = await operator.post(`/operator/withdrawals/${second.id}/reject`, {});
    expect(noReason.status).to.equal(400);
    const rejected = await operator.post(`/operator/withdrawals/${second.id}/reject`, { reason: 'Wrong wallet network' });
    expect(rejected.body.data).to.include({ status: 'rejected', reason: 'Wrong wallet network' });
    expect((await operator.post(`/operator/withdrawals/${second.id}/reject`, { reason: 'again' })).status).to.equal(409);
    expect((await operator.post('/operator/withdrawals/999999999/processing')).status).to.equal(404);
    expect(await partnerBalances({ sequelize: server.db.sequelize }, partner.userId)).to.deep.equal({ pending: '0', available: '25', held: '0', debt: '0' });
    const { OutboxMail, AuditRecord } = initModels(server.db.sequelize);
    const mails = await OutboxMail.findAll({ where: { to: partner.email }, order: [['id', 'ASC']] });
    expect(mails.map((mail) => mail.template)).to.include.members(['withdrawalProcessing', 'withdrawalPaid', 'withdrawalRejected']);
    // The payout as the partner page shows it, the asset by its name (not the catalogue's code).
    const sent = await waitForOutbox(server.config.outboxDir, partner.email, (list) => list.length >= 3);
    expect(sent.map((mail) => mail.text).join('\n')).to.include(`${formatMoney('15', 'USDT')} (Test ${asset})`);
    expect(await AuditRecord.count({ where: { targetType: 'withdrawal', targetId: String(first.id) } })).to.equal(2);
    const own = await partner.get('/user/partner/withdrawals');
    expect(own.body.data.items.map((item: { status: string }) => item.status)).to.deep.equal(['rejected', 'paid']);
    await checkLedgerInvariants(server.db.sequelize);
  });

  it('opens the staff endpoints to operators and admins only', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/operator/withdrawals', roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/withdrawals/999999999/processing', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: '/operator/withdrawals/999999999/paid', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: '/operator/withdrawals/999999999/reject', roles: OPERATOR_AND_ADMIN, body: { reason: 'x' } },
    ]);
  });

});

describe('withdrawal requests racing', function () {
  this.timeout(300_000);
  let server: TestServer;
  let asset: string;

  // A server of its own: its 20 partners' sign-ins do not share the per-IP sign-in limit with the tests above.
  before(async () => {
    server = await startTestServer();
    asset = await usdtAsset(server);
  });

  after(async () => {
    await server.close();
  });

  const request = (client: TestClient, body: Record<string, unknown>) => client.post('/user/partner/withdrawals', { currency: asset, account: 'wallet-address-0001', ...body });

  it('grants floor(balance / amount) of 50 parallel requests against one balance, 20 rounds, the balance exact', async () => {
    const balance = '105.5';
    const amount = '10';
    const expected = new Big(balance).div(amount).round(0, Big.roundDown).toNumber();
    for (let round = 0; round < 20; round += 1) {
      const partner = await signedInAs(server, 'user');
      await credit(server, partner.userId, balance);
      const answers = await Promise.all(Array.from({ length: 50 }, () => request(partner, { amount })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201), `round ${round}: ${JSON.stringify([...new Set(statuses)])}`).to.have.length(expected);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).to.deep.equal([]);
      expect(await partnerBalances({ sequelize: server.db.sequelize }, partner.userId)).to.deep.equal({
        pending: '0',
        available: new Big(balance).minus(new Big(amount).times(expected)).toFixed(),
        held: new Big(amount).times(expected).toFixed(),
        debt: '0',
      });
      expect(await initModels(server.db.sequelize).Withdrawal.count({ where: { userId: partner.userId } })).to.equal(expected);
    }
    await checkLedgerInvariants(server.db.sequelize);
  });
});
