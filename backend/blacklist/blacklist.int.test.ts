import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'chai';
import type { BlacklistAction, BlacklistEntryDto, BlacklistKind } from '../../common/blacklist';
import type { CreateOrderRequest, OperatorOrderDto } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { ADMIN_ONLY, expectRoleMatrix, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, luhnCard, randomBtcWallet, orderRequest, type TestDirection } from '../orders/testing';
import { startTestServer, twoWebProcessesOnRedis, type TestServer } from '../test/server';
import { cardDigits } from './normalize';
import { testBlacklist, type TestBlacklist } from './testing';

/** A card number of its own (random, so no other test on a shared database ever matches it). */
/** A card number of its own for each order (passing Luhn, as an order's card must). */
const randomCard = () => luhnCard('9');
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('blacklist: entries, and the orders they refuse or hold (real HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: TestClient & { userId: number };
  let operator: TestClient;
  let direction: TestDirection;
  let entries: TestBlacklist;

  before(async () => {
    // Behind one trusted proxy: X-Forwarded-For gives each request the client address a test needs.
    server = await startTestServer({ TRUST_PROXY: '1' });
    admin = await signedInAs(server, 'admin');
    operator = await signedInAs(server, 'operator');
    direction = await buildDirection(server, { rate: '100', from: { type: 'coin' }, to: { type: 'fiat' } });
    entries = testBlacklist(server, admin);
  });

  after(async () => {
    await entries?.removeAll();
    await server.close();
  });

  const addEntry = (kind: BlacklistKind, value: string, action: BlacklistAction, reason?: string) => entries.add(kind, value, action, reason);

  function placeOrder(overrides: Partial<CreateOrderRequest>, ip = `192.0.2.${randomInt(1, 254)}`, lang = 'en') {
    const client = new TestClient(server.url, lang);
    return client.post('/orders', orderRequest(direction, { receiverAccount: randomCard(), ...overrides }), { 'x-forwarded-for': ip });
  }

  async function matchAudits(entryId: number) {
    const records = await initModels(server.db.sequelize).AuditRecord.findAll({ where: { action: 'blacklist.match', targetType: 'blacklist', targetId: String(entryId) } });
    return records;
  }

  it('is open to admins only', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/admin/blacklist', roles: ADMIN_ONLY },
      { method: 'POST', path: '/admin/blacklist', roles: ADMIN_ONLY, body: {} },
      { method: 'DELETE', path: '/admin/blacklist/999999999', roles: ADMIN_ONLY },
    ]);
  });

  const cases: { kind: BlacklistKind; entry: () => { value: string; order: Partial<CreateOrderRequest>; ip?: string } }[] = [
    {
      kind: 'wallet',
      // Normalised both sides: case, spaces and dashes do not matter.
      entry: () => {
        const wallet = randomBtcWallet();
        return { value: ` ${wallet.slice(0, 10).toUpperCase()}-${wallet.slice(10)} `, order: { senderAccount: wallet } };
      },
    },
    {
      kind: 'card',
      entry: () => {
        const card = randomCard();
        return { value: card.replace(/(\d{4})(?=\d)/g, '$1 '), order: { receiverAccount: card } };
      },
    },
    {
      kind: 'email',
      entry: () => {
        const email = `bl-${hex(5)}@example.test`;
        return { value: ` ${email.toUpperCase()} `, order: { email } };
      },
    },
    {
      kind: 'ip',
      entry: () => {
        const third = randomInt(256);
        return { value: `198.18.${third}.0/24`, order: {}, ip: `198.18.${third}.${randomInt(1, 255)}` };
      },
    },
  ];

  for (const { kind, entry } of cases) {
    it(`refuses an order matching a ${kind} entry with a translated message that names no list`, async () => {
      const { value, order, ip } = entry();
      const reason = `secret reason ${hex(4)}`;
      const added = await addEntry(kind, value, 'refuse', reason);
      for (const lang of ['en', 'ru']) {
        const response = await placeOrder(order, ip, lang);
        expect(response.status, JSON.stringify(response.body)).to.equal(403);
        expect(response.body.error?.code).to.equal('order_refused');
        expect(response.body.error?.message).to.equal(lang === 'en' ? 'We cannot accept this order. Please contact support' : 'Мы не можем принять эту заявку. Обратитесь в поддержку');
        expect(JSON.stringify(response.body)).not.to.match(new RegExp(`${reason}|blacklist|${added.id}`, 'i'));
      }
      const audits = await matchAudits(added.id);
      expect(audits).to.have.length(2);
      expect(audits[0]!.actorId).to.equal(null);
      expect(audits[0]!.after).to.include({ kind, action: 'refuse', order: null });
    });

    it(`creates and holds an order matching a ${kind} entry: staff see why, the customer does not`, async () => {
      const { value, order, ip } = entry();
      const reason = `hold reason ${hex(4)}`;
      const added = await addEntry(kind, value, 'hold', reason);
      const response = await placeOrder(order, ip);
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      const { uid, secret } = response.body.data;
      expect(response.body.data.order.status).to.equal('hold');
      const customer = await new TestClient(server.url).get(`/orders/${uid}/${secret}`);
      expect(customer.body.data.status).to.equal('hold');
      for (const body of [response.body, customer.body]) {
        expect(body.data.order ?? body.data).not.to.have.property('blacklistMatch');
        expect(JSON.stringify(body)).not.to.match(new RegExp(`${reason}|blacklist`, 'i'));
      }
      const staff = await operator.get(`/operator/orders/${uid}`);
      expect(staff.status).to.equal(200);
      const dto = staff.body.data as OperatorOrderDto;
      expect(dto.blacklistMatch).to.deep.equal({ kind, reason, entryId: added.id });
      expect(dto.history.map((entry) => [entry.action, entry.actor])).to.deep.include(['hold', 'system']);
      const audits = await matchAudits(added.id);
      expect(audits).to.have.length(1);
      expect(audits[0]!.after).to.include({ kind, action: 'hold', order: uid });
    });
  }

  it('matches IPv6 ranges (and IPv4-mapped addresses as IPv4), and nothing outside them', async () => {
    const group = hex(2);
    const entry = await addEntry('ip', `2001:DB8:${group}:0::1/48`, 'refuse');
    expect(entry.value).to.equal(`2001:db8:${group.replace(/^0+(?=.)/, '')}::/48`);
    expect((await placeOrder({}, `2001:db8:${group}:ffff::5`)).status).to.equal(403);
    expect((await placeOrder({}, `2001:db8:${group}::1`)).status).to.equal(403);
    const outside = (parseInt(group, 16) + 1) % 0x10000;
    expect((await placeOrder({}, `2001:db8:${outside.toString(16)}::1`)).status).to.equal(201);
    const third = randomInt(256);
    await addEntry('ip', `198.19.${third}.0/24`, 'refuse');
    expect((await placeOrder({}, `::ffff:198.19.${third}.9`)).status).to.equal(403);
    expect((await placeOrder({}, `198.19.${(third + 1) % 256}.9`)).status).to.equal(201);
  });

  it('refuses when one entry refuses and another holds', async () => {
    const email = `both-${hex(5)}@example.test`;
    const wallet = randomBtcWallet();
    await addEntry('email', email, 'hold');
    await addEntry('wallet', wallet, 'refuse');
    expect((await placeOrder({ email, senderAccount: wallet })).status).to.equal(403);
  });

  it('keeps a card only as a hash and its last four digits: never in the list, the row or the audit', async () => {
    const card = randomCard();
    const entry = await addEntry('card', card, 'hold');
    expect(entry).to.include({ kind: 'card', value: null, last4: card.slice(-4) });
    const { BlacklistEntry, AuditRecord } = initModels(server.db.sequelize);
    const row = (await BlacklistEntry.findByPk(entry.id))!;
    expect(row.value).to.match(/^[0-9a-f]{64}$/);
    expect(row.value).not.to.include(card);
    const list = await admin.get('/admin/blacklist?kind=card');
    expect(JSON.stringify(list.body)).not.to.include(card);
    expect(JSON.stringify(list.body)).not.to.include(row.value);
    const audit = await AuditRecord.findOne({ where: { action: 'blacklist.add', targetId: String(entry.id) } });
    expect(audit!.actorId).to.equal(admin.userId);
    expect(JSON.stringify(audit!.after)).not.to.include(card);
    expect(audit!.after).to.include({ value: `**** ${card.slice(-4)}` });
  });

  it('lists entries newest first, filtered by kind', async () => {
    const first = await addEntry('wallet', `w-${hex(6)}`, 'hold');
    const second = await addEntry('wallet', `w-${hex(6)}`, 'hold');
    const list = await admin.get('/admin/blacklist?kind=wallet');
    expect(list.status).to.equal(200);
    const ids = (list.body.data.entries as BlacklistEntryDto[]).map((entry) => entry.id);
    expect(ids.indexOf(second.id)).to.be.lessThan(ids.indexOf(first.id));
    expect((list.body.data.entries as BlacklistEntryDto[]).every((entry) => entry.kind === 'wallet')).to.equal(true);
  });

  it('removes an entry (audited), after which the order goes through', async () => {
    const email = `gone-${hex(5)}@example.test`;
    const entry = await addEntry('email', email, 'refuse');
    expect((await placeOrder({ email })).status).to.equal(403);
    const removed = await admin.request('DELETE', `/admin/blacklist/${entry.id}`);
    expect(removed.status).to.equal(200);
    expect((await admin.request('DELETE', `/admin/blacklist/${entry.id}`)).status).to.equal(404);
    const created = await placeOrder({ email });
    expect(created.status).to.equal(201);
    expect(created.body.data.order.status).to.equal('new');
    const audit = await initModels(server.db.sequelize).AuditRecord.findOne({ where: { action: 'blacklist.remove', targetId: String(entry.id) } });
    expect(audit!.before).to.include({ kind: 'email', value: email, action: 'refuse' });
  });

  it('refuses malformed entries with field messages, and a duplicate with 409', async () => {
    for (const body of [
      { kind: 'card', value: '4111-abc', action: 'hold', reason: 'x' },
      { kind: 'ip', value: '10.0.0.0/33', action: 'hold', reason: 'x' },
      { kind: 'ip', value: '2001:db8::/129', action: 'hold', reason: 'x' },
      { kind: 'email', value: 'nobody', action: 'hold', reason: 'x' },
      { kind: 'planet', value: 'mars', action: 'hold', reason: 'x' },
      { kind: 'wallet', value: 'abc', action: 'ban', reason: 'x' },
      { kind: 'wallet', value: 'abc', action: 'hold', reason: '   ' },
      { kind: 'wallet', value: ['abc'], action: 'hold', reason: 'x' },
    ]) {
      const response = await admin.post('/admin/blacklist', body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error?.code).to.equal('validation_failed');
    }
    const wallet = randomBtcWallet();
    await addEntry('wallet', wallet, 'hold');
    const again = await admin.post('/admin/blacklist', { kind: 'wallet', value: wallet.toUpperCase(), action: 'refuse', reason: 'again' });
    expect(again.status).to.equal(409);
  });

  it('normalises card numbers written with spaces or dashes', () => {
    expect(cardDigits('4000 1234-5678 9010')).to.equal('4000123456789010');
    expect(cardDigits('bc1q4000123456789010')).to.equal(null);
  });
});

describe('blacklist: the list kept in process follows every change (real HTTP)', function () {
  this.timeout(30_000);

  it('an entry added right after an order applies to the very next one, and its removal too', async () => {
    const server = await startTestServer();
    try {
      const admin = await signedInAs(server, 'admin');
      const direction = await buildDirection(server, { rate: '100', from: { type: 'coin' }, to: { type: 'fiat' } });
      const entries = testBlacklist(server, admin);
      const wallet = randomBtcWallet();
      const place = () => new TestClient(server.url, 'en').post('/orders', orderRequest(direction, { receiverAccount: randomCard(), senderAccount: wallet }));
      expect((await place()).status).to.equal(201);
      const added = await entries.add('wallet', wallet, 'refuse');
      expect((await place()).status).to.equal(403);
      expect((await admin.request('DELETE', `/admin/blacklist/${added.id}`)).status).to.equal(200);
      expect((await place()).status).to.equal(201);
      await entries.removeAll();
    } finally {
      await server.close();
    }
  });
});

describe('blacklist and terms kept in process across two web processes on Redis', function () {
  this.timeout(30_000);
  const processes = twoWebProcessesOnRedis();

  it('refuses an order at one process right after an admin of the other added its wallet', async () => {
    const { first, second } = processes;
    const admin = await signedInAs(second, 'admin');
    const direction = await buildDirection(first, { rate: '100', from: { type: 'coin' }, to: { type: 'fiat' } });
    const entries = testBlacklist(second, admin);
    const wallet = randomBtcWallet();
    const place = () => new TestClient(first.url, 'en').post('/orders', orderRequest(direction, { receiverAccount: randomCard(), senderAccount: wallet }));
    try {
      expect((await place()).status).to.equal(201);
      await entries.add('wallet', wallet, 'refuse');
      const refused = await place();
      expect(refused.status, JSON.stringify(refused.body)).to.equal(403);
      expect(refused.body.error?.code).to.equal('order_refused');
    } finally {
      await entries.removeAll();
    }
  });

  it('records on an order at one process the terms version the other just published', async () => {
    const { first, second } = processes;
    const admin = await signedInAs(second, 'admin');
    const direction = await buildDirection(first, { rate: '100', from: { type: 'coin' }, to: { type: 'fiat' } });
    const place = async () => {
      const created = await new TestClient(first.url, 'en').post('/orders', orderRequest(direction, { receiverAccount: randomCard() }));
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return (await initModels(first.db.sequelize).Order.findOne({ where: { uid: created.body.data.uid } }))!.termsVersion;
    };
    await place();
    const published = await admin.request('POST', '/admin/content/terms', { bodyRu: `Условия ${hex(4)}`, bodyEn: `Terms ${hex(4)}`, publishAt: null });
    expect(published.status, JSON.stringify(published.body)).to.be.oneOf([200, 201]);
    expect(await place()).to.equal(published.body.data.version);
  });
});
