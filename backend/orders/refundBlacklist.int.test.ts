import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { BlacklistAction, BlacklistKind } from '../../common/blacklist';
import type { OperatorOrderDto } from '../../common/orders';
import { TestClient } from '../accounts/testing';
import { signedInAs } from '../console/testing';
import { initModels, type Order } from '../models';
import { testBlacklist, type TestBlacklist } from '../blacklist/testing';
import { startTestServer, type TestServer } from '../test/server';
import { buildDirection, buildOrder, luhnCard, randomBtcWallet, type TestDirection } from './testing';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** Funds in, so a refund address is wanted (and a return possible). */
const withFunds = (status: 'warning' | 'error' | 'hold' | 'progress') => ({
  status,
  confirmedAt: new Date(),
  receivedAmount: '0.5',
  exception: status === 'warning' ? 'underpaid' : null,
});

describe('orders: refund addresses against the blacklist (real HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let operator: TestClient;
  let direction: TestDirection;
  let entries: TestBlacklist;

  before(async () => {
    server = await startTestServer();
    operator = await signedInAs(server, 'operator');
    direction = await buildDirection(server, { rate: '100', from: { type: 'coin' }, to: { type: 'fiat' } });
    entries = testBlacklist(server, await signedInAs(server, 'admin'));
  });

  after(async () => {
    await entries?.removeAll();
    await server.close();
  });

  const addEntry = async (kind: BlacklistKind, value: string, action: BlacklistAction, reason?: string) => (await entries.add(kind, value, action, reason)).id;

  async function matchAudits(entryId: number) {
    return initModels(server.db.sequelize).AuditRecord.findAll({ where: { action: 'blacklist.match', targetId: String(entryId) } });
  }

  async function reload(order: Order): Promise<Order> {
    return (await initModels(server.db.sequelize).Order.findByPk(order.id))!;
  }

  async function expectUnchanged(order: Order): Promise<void> {
    const row = await reload(order);
    expect(row.version).to.equal(order.version);
    expect(row.status).to.equal(order.status);
    expect(row.refundAddress).to.equal(order.refundAddress);
    expect(row.blacklistMatch).to.equal(null);
  }

  it('refuses a customer refund address a wallet or card entry refuses, in the customer language, naming no list; the order is unchanged', async () => {
    const wallet = randomBtcWallet();
    const card = luhnCard('9');
    // Funds go back in what was sent: a wallet for a coin, a card for a card payment.
    const cardDirection = await buildDirection(server, { rate: '0.01', from: { type: 'fiat' }, to: { type: 'coin' } });
    for (const [kind, value, given, sent] of [
      ['wallet', ` ${wallet.toUpperCase()} `, wallet, direction],
      ['card', card, card.replace(/(\d{4})(?=\d)/g, '$1 '), cardDirection],
    ] as const) {
      const reason = `secret ${hex(4)}`;
      const entryId = await addEntry(kind, value, 'refuse', reason);
      const { order, secret } = await buildOrder(server, { direction: sent, request: kind === 'card' ? { senderAccount: luhnCard() } : {}, set: withFunds('warning') });
      for (const lang of ['en', 'ru']) {
        const response = await new TestClient(server.url, lang).post(`/orders/${order.uid}/${secret}/refund-address`, { address: given });
        expect(response.status, JSON.stringify(response.body)).to.equal(422);
        expect(response.body.error?.code).to.equal('refund_address_refused');
        expect(response.body.error?.message).to.equal(
          lang === 'en'
            ? 'We cannot return the funds to this address. Give another one or contact support'
            : 'Мы не можем вернуть средства на этот адрес. Укажите другой или обратитесь в поддержку',
        );
        expect(JSON.stringify(response.body)).not.to.match(new RegExp(`${reason}|blacklist`, 'i'));
      }
      await expectUnchanged(order);
      const audits = await matchAudits(entryId);
      expect(audits, kind).to.have.length(2);
      expect(audits[0]!.after).to.include({ kind, action: 'refuse', order: order.uid });
    }
  });

  it('refuses a refund address that is not of the sent coin\'s network or not a card of the card paid with (400, nothing written)', async () => {
    const { order, secret } = await buildOrder(server, { direction, set: withFunds('warning') });
    const response = await new TestClient(server.url).post(`/orders/${order.uid}/${secret}/refund-address`, { address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect([response.status, response.body.error?.fields]).to.deep.equal([400, { address: 'This is not a BTC address: copy it from your wallet again' }]);
    await expectUnchanged(order);
    const returned = await operator.post(`/operator/orders/${order.uid}/return`, { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' });
    expect([returned.status, returned.body.error?.fields]).to.deep.equal([400, { address: 'This is not a BTC address: copy it from your wallet again' }]);
    await expectUnchanged(order);
    const cardDirection = await buildDirection(server, { rate: '0.01', from: { type: 'fiat' }, to: { type: 'coin' } });
    const paidByCard = await buildOrder(server, { direction: cardDirection, request: { senderAccount: luhnCard() }, set: withFunds('warning') });
    const notCard = await new TestClient(server.url, 'ru').post(`/orders/${paidByCard.order.uid}/${paidByCard.secret}/refund-address`, { address: randomBtcWallet() });
    expect([notCard.status, notCard.body.error?.fields]).to.deep.equal([400, { address: 'Введены неверные реквизиты' }]);
    await expectUnchanged(paidByCard.order);
  });

  it('keeps a customer refund address a wallet entry holds and puts the order on hold with the match, as at creation', async () => {
    const wallet = randomBtcWallet();
    const reason = `hold ${hex(4)}`;
    const entryId = await addEntry('wallet', wallet, 'hold', reason);
    const { order, secret } = await buildOrder(server, { direction, set: withFunds('warning') });
    const response = await new TestClient(server.url).post(`/orders/${order.uid}/${secret}/refund-address`, { address: wallet });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body.data).to.include({ status: 'hold', refundAddress: wallet });
    expect(response.body.data).not.to.have.property('blacklistMatch');
    expect(JSON.stringify(response.body)).not.to.match(new RegExp(`${reason}|blacklist`, 'i'));
    const staff = (await operator.get(`/operator/orders/${order.uid}`)).body.data as OperatorOrderDto;
    expect(staff.blacklistMatch).to.deep.equal({ kind: 'wallet', reason, entryId });
    expect(staff.history.at(-1)).to.deep.include({ action: 'refund-address', actor: 'customer', from: 'warning', to: 'hold' });
    const audits = await matchAudits(entryId);
    expect(audits).to.have.length(1);
    expect(audits[0]!.after).to.include({ kind: 'wallet', action: 'hold', order: order.uid });
  });

  it('refuses an address a hold entry matches where the status table allows no hold (the order is already on hold)', async () => {
    const wallet = randomBtcWallet();
    const entryId = await addEntry('wallet', wallet, 'hold');
    const { order, secret } = await buildOrder(server, { direction, set: withFunds('hold') });
    const response = await new TestClient(server.url).post(`/orders/${order.uid}/${secret}/refund-address`, { address: wallet });
    expect(response.status, JSON.stringify(response.body)).to.equal(422);
    expect(response.body.error?.code).to.equal('refund_address_refused');
    await expectUnchanged(order);
    expect(await matchAudits(entryId)).to.have.length(1);
    // An address nobody listed is still taken there.
    const clean = await new TestClient(server.url).post(`/orders/${order.uid}/${secret}/refund-address`, { address: randomBtcWallet() });
    expect(clean.status).to.equal(200);
  });

  it('screens the operators’ return to an address: refused unchanged, held with the match, or returned when clean', async () => {
    const refused = randomBtcWallet();
    const held = randomBtcWallet();
    await addEntry('wallet', refused, 'refuse');
    const holdId = await addEntry('wallet', held, 'hold');

    const first = await buildOrder(server, { direction, set: withFunds('progress') });
    const refusal = await operator.post(`/operator/orders/${first.order.uid}/return`, { address: refused.toUpperCase() });
    expect(refusal.status, JSON.stringify(refusal.body)).to.equal(422);
    expect(refusal.body.error?.code).to.equal('refund_address_refused');
    await expectUnchanged(first.order);

    const holding = await operator.post(`/operator/orders/${first.order.uid}/return`, { address: held });
    expect(holding.status, JSON.stringify(holding.body)).to.equal(200);
    const dto = holding.body.data as OperatorOrderDto;
    expect(dto).to.include({ status: 'hold', refundAddress: held });
    expect(dto.blacklistMatch).to.include({ kind: 'wallet', entryId: holdId });
    const audit = await initModels(server.db.sequelize).AuditRecord.findOne({ where: { action: 'order.return', targetId: first.order.uid } });
    expect(audit?.after).to.include({ status: 'hold', address: held });
    expect(await matchAudits(holdId)).to.have.length(1);

    const second = await buildOrder(server, { direction, set: withFunds('progress') });
    const returned = await operator.post(`/operator/orders/${second.order.uid}/return`, { address: randomBtcWallet() });
    expect(returned.body.data).to.include({ status: 'returned', blacklistMatch: null });
  });
});
