import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { QueryTypes } from 'sequelize';
import type { RequisiteDto } from '../../common/requisites';
import { buildUser, TestClient } from '../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels } from '../models';
import { buildDirection, buildOrder, luhnCard, randomBtcWallet, testOrdersContext, waitForOutbox, type TestDirection } from '../orders/testing';
import { createOrder } from '../orders/createOrder';
import { requisitePhotoUrl } from './photoLink';
import { REQUISITE_WRITES_PER_HOUR } from './routes';
import { startTestServer, type TestServer } from '../test/server';
import { HTML, jpegWithGps, picture, pngBomb, SVG } from '../uploads/testing';


async function upload(server: TestServer, client: TestClient, pathname: string, file: Buffer | string, name = 'card.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }), name);
  const response = await fetch(`${server.url}/api${pathname}`, { method: 'POST', body: form, headers: { lang: 'en', cookie: client.cookieHeader() } });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: RequisiteDto; error?: { code: string } } };
}

interface QueueItem {
  id: number;
  shared: boolean;
  holder: string | null;
  masked: string;
  photoUrl: string;
}

/** The whole queue, page after page (a shared MariaDB may hold other runs' cards before ours). */
async function wholeQueue(operator: TestClient): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  for (let cursor: string | null = null; ; ) {
    const page = await operator.get(`/operator/reviews/requisites${cursor ? `?cursor=${cursor}` : ''}`);
    expect(page.status, JSON.stringify(page.body)).to.equal(200);
    items.push(...(page.body.data.items as QueueItem[]));
    cursor = page.body.data.nextCursor as string | null;
    if (!cursor) return items;
  }
}

describe('saved requisites (/api/user/requisites)', function () {
  this.timeout(90_000);
  let server: TestServer;
  let cards: TestDirection;
  let png: Buffer;
  const nextYear = new Date().getUTCFullYear() + 1;

  before(async () => {
    server = await startTestServer();
    cards = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    png = await picture(120, 80).png().toBuffer();
  });

  after(async () => {
    await server.close();
  });

  async function user() {
    return signedInAs(server, 'user');
  }

  async function addCard(client: TestClient, number = luhnCard(), extra: Record<string, unknown> = {}) {
    return client.post('/user/requisites', { kind: 'card', asset: cards.from, number, holder: 'IVAN PETROV', expiryMonth: 12, expiryYear: nextYear, ...extra });
  }

  it('adds a card masked, lists it, and keeps the number only sealed and hashed in the database', async () => {
    const client = await user();
    const number = luhnCard();
    const added = await addCard(client, `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`);
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    expect(added.body.data).to.include({ kind: 'card', masked: `•••• ${number.slice(-4)}`, status: 'pending', holder: 'IVAN PETROV', photoUploaded: false });
    expect(added.body.data.expires).to.equal(`12/${String(nextYear % 100).padStart(2, '0')}`);
    expect(JSON.stringify(added.body)).to.not.include(number);
    const list = await client.get('/user/requisites');
    expect(list.body.data.requisites.map((row: RequisiteDto) => row.id)).to.deep.equal([added.body.data.id]);
    expect(JSON.stringify(list.body)).to.not.include(number);

    const [raw] = await server.db.sequelize.query<Record<string, unknown>>('SELECT * FROM requisites WHERE id = :id', {
      replacements: { id: added.body.data.id },
      type: QueryTypes.SELECT,
    });
    const dump = JSON.stringify(raw);
    expect(dump).to.not.include(number);
    expect(dump).to.not.include(number.slice(0, 12));
    expect(String(raw!.numberSealed)).to.match(/^v1\./);
    expect(String(raw!.numberHash)).to.match(/^[0-9a-f]{64}$/);
    // The same number again: refused by its hash.
    const again = await addCard(client, number);
    expect(again.status).to.equal(409);
    expect(again.body.error?.code).to.equal('requisite_exists');
  });

  it('refuses a card number failing the Luhn check with 422 card_number_invalid, and bad shapes with 400', async () => {
    const client = await user();
    const number = luhnCard();
    const wrong = `${number.slice(0, -1)}${(Number(number.slice(-1)) + 1) % 10}`;
    const refused = await addCard(client, wrong);
    expect(refused.status).to.equal(422);
    expect(refused.body.error?.code).to.equal('card_number_invalid');
    expect((await addCard(client, '1234')).status).to.equal(400);
    expect((await addCard(client, luhnCard(), { expiryYear: 2001, expiryMonth: 1 })).body.error?.code).to.equal('validation_failed');
    expect((await client.post('/user/requisites', { kind: 'card', asset: 'NOPE', number: luhnCard(), expiryMonth: 1, expiryYear: nextYear })).status).to.equal(400);
    expect((await client.get('/user/requisites')).body.data.requisites).to.deep.equal([]);
  });

  it('refuses a wallet that is not of its asset\'s network (400, the network named) and saves nothing', async () => {
    const client = await user();
    // The test coins are priced as BTC: a Tron address is no wallet of theirs.
    const refused = await client.post('/user/requisites', { kind: 'wallet', asset: cards.to, number: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' });
    expect([refused.status, refused.body.error?.fields]).to.deep.equal([400, { number: 'This is not a BTC address: copy it from your wallet again' }]);
    expect((await client.get('/user/requisites')).body.data.requisites).to.deep.equal([]);
  });

  it("never shows, lists or deletes another user's requisite (404), and keeps a deleted one as the verification record", async () => {
    const owner = await user();
    const other = await user();
    const { id } = (await addCard(owner)).body.data as RequisiteDto;
    expect((await other.get(`/user/requisites/${id}`)).status).to.equal(404);
    expect((await other.request('DELETE', `/user/requisites/${id}`)).status).to.equal(404);
    expect((await upload(server, other, `/user/requisites/${id}/photo`, png)).status).to.equal(404);
    expect((await other.get('/user/requisites')).body.data.requisites).to.deep.equal([]);
    expect((await new TestClient(server.url).get('/user/requisites')).status).to.equal(401);
    expect((await owner.get(`/user/requisites/${id}`)).status).to.equal(200);

    expect((await owner.request('DELETE', `/user/requisites/${id}`)).status).to.equal(200);
    expect((await owner.get(`/user/requisites/${id}`)).status).to.equal(404);
    expect((await owner.get('/user/requisites')).body.data.requisites).to.deep.equal([]);
    const row = await initModels(server.db.sequelize).Requisite.findByPk(id);
    expect(row!.deletedAt).to.be.instanceOf(Date);
    expect(row!.numberSealed).to.equal(null);
    expect(row!.numberHash).to.match(/^[0-9a-f]{64}$/);
  });

  it('reviews a card photo: queue oldest first with a signed photo link, reject with a reason, re-upload, approve — audited, mailed, live', async () => {
    const client = await user();
    const operator = await signedInAs(server, 'operator');
    const { id } = (await addCard(client)).body.data as RequisiteDto;
    const uploaded = await upload(server, client, `/user/requisites/${id}/photo`, png);
    expect(uploaded.status, JSON.stringify(uploaded.body)).to.equal(200);
    expect(uploaded.body.data).to.include({ status: 'pending', photoUploaded: true });

    const item = (await wholeQueue(operator)).find((entry) => entry.id === id)!;
    expect(item).to.include({ shared: false, holder: 'IVAN PETROV' });
    const photo = await fetch(`${server.url}${item.photoUrl}`, { headers: { cookie: operator.cookieHeader() } });
    expect(photo.status).to.equal(200);
    expect(photo.headers.get('content-type')).to.equal('image/png');
    const forged = item.photoUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(`${server.url}${forged}`, { headers: { cookie: operator.cookieHeader() } })).status).to.equal(403);

    const rejected = await operator.post(`/operator/reviews/requisites/${id}/reject`, { reason: 'The number is hidden' });
    expect(rejected.status, JSON.stringify(rejected.body)).to.equal(200);
    expect((await client.get(`/user/requisites/${id}`)).body.data).to.include({ status: 'rejected', rejectReason: 'The number is hidden' });
    expect((await operator.post(`/operator/reviews/requisites/${id}/approve`)).status).to.equal(409);
    const mails = await waitForOutbox(server.config.outboxDir, client.email, 1);
    // In the account's language (Russian by default).
    expect(mails.map((mail) => mail.subject)).to.deep.equal([`Карта ${item.masked} не подтверждена на ${new URL(server.config.publicUrl).host}`]);
    expect(mails[0]!.text).to.include('Причина: The number is hidden');

    expect((await upload(server, client, `/user/requisites/${id}/photo`, png)).body.data).to.include({ status: 'pending' });
    // The user's open page hears of the decision in `user:<id>`.
    const socket = connect(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: client.cookieHeader() } });
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const heard = new Promise((resolve) => socket.once('requisites:changed', resolve));
    expect((await operator.post(`/operator/reviews/requisites/${id}/approve`)).body.data).to.include({ status: 'verified' });
    expect(await heard).to.deep.equal({ id, status: 'verified' });
    socket.disconnect();
    expect((await client.get(`/user/requisites/${id}`)).body.data.status).to.equal('verified');
    // Past its expiry month, a verified card shows as expired.
    await initModels(server.db.sequelize).Requisite.update({ expiryMonth: 1, expiryYear: 2021 }, { where: { id } });
    expect((await client.get(`/user/requisites/${id}`)).body.data).to.include({ status: 'expired', expires: '01/21' });
    const audit = await initModels(server.db.sequelize).AuditRecord.findAll({ where: { targetType: 'requisite', targetId: String(id) } });
    expect(audit.map((record) => record.action)).to.deep.equal(['requisite.reject', 'requisite.approve']);
    expect((await wholeQueue(operator)).map((entry) => entry.id)).to.not.include(id);
  });

  it('lists the queue oldest photo first, and a card leaves it when its owner deletes it', async () => {
    const client = await user();
    const operator = await signedInAs(server, 'operator');
    const older = (await addCard(client)).body.data as RequisiteDto;
    const newer = (await addCard(client)).body.data as RequisiteDto;
    // The newer card's photo comes first: the queue orders by photo, not by card.
    await upload(server, client, `/user/requisites/${newer.id}/photo`, png);
    await upload(server, client, `/user/requisites/${older.id}/photo`, png);
    // Seconds apart (MySQL DATETIME keeps whole seconds).
    const { Requisite } = initModels(server.db.sequelize);
    await Requisite.update({ photoAt: new Date('2026-01-01T10:00:00Z') }, { where: { id: newer.id } });
    await Requisite.update({ photoAt: new Date('2026-01-01T10:00:05Z') }, { where: { id: older.id } });
    const ids = async () =>
      (await wholeQueue(operator)).map((entry) => entry.id).filter((id) => id === older.id || id === newer.id);
    expect(await ids()).to.deep.equal([newer.id, older.id]);
    await client.request('DELETE', `/user/requisites/${newer.id}`);
    expect(await ids()).to.deep.equal([older.id]);
    expect((await operator.post(`/operator/reviews/requisites/${newer.id}/approve`)).status).to.equal(404);
  });

  it('a card verified for one user and added by another is flagged shared and still waits for review', async () => {
    const first = await user();
    const second = await user();
    const operator = await signedInAs(server, 'operator');
    const number = luhnCard('5');
    const { id } = (await addCard(first, number)).body.data as RequisiteDto;
    await upload(server, first, `/user/requisites/${id}/photo`, png);
    await operator.post(`/operator/reviews/requisites/${id}/approve`);
    const theirs = (await addCard(second, number)).body.data as RequisiteDto;
    expect(theirs.status).to.equal('pending');
    await upload(server, second, `/user/requisites/${theirs.id}/photo`, png);
    expect((await wholeQueue(operator)).find((entry) => entry.id === theirs.id)).to.include({ shared: true });
  });

  it('saves the card of an order approved by an operator as verified, and a card order from it then skips the card check', async () => {
    const { user: owner } = await buildUser(server.db.sequelize);
    const operator = await signedInAs(server, 'operator');
    const number = luhnCard();
    const { order } = await buildOrder(server, { direction: cards, userId: owner.id, request: { senderAccount: number }, set: { confirmedAt: new Date(), cardCheck: 'pending' } });
    expect((await operator.post(`/operator/orders/${order.uid}/card-approve`)).status).to.equal(200);
    const { Requisite } = initModels(server.db.sequelize);
    const saved = await Requisite.findAll({ where: { userId: owner.id } });
    expect(saved.map((row) => ({ status: row.status, masked: row.masked, orderUid: row.orderUid }))).to.deep.equal([
      { status: 'verified', masked: `•••• ${number.slice(-4)}`, orderUid: order.uid },
    ]);

    const ctx = testOrdersContext(server);
    const t = server.services.i18n.translator('en');
    const make = (senderAccount: string) =>
      createOrder(ctx, {
        request: { from: cards.from, to: cards.to, amountSend: '1', rateType: 'fixed', email: `skip-${Date.now()}@example.test`, receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', senderAccount, agreeTerms: true },
        user: { id: owner.id, kycStatus: null },
        lang: 'en',
        t,
      });
    expect((await make(number)).order.cardCheck).to.equal('not_required');
    expect((await make(luhnCard())).order.cardCheck).to.equal('required');
    // Another user paying from the same card is still checked.
    const { user: stranger } = await buildUser(server.db.sequelize);
    const theirs = await createOrder(ctx, {
      request: { from: cards.from, to: cards.to, amountSend: '1', rateType: 'fixed', email: `skip2-${Date.now()}@example.test`, receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', senderAccount: number, agreeTerms: true },
      user: { id: stranger.id, kycStatus: null },
      lang: 'en',
      t,
    });
    expect(theirs.order.cardCheck).to.equal('required');
    // Past its date, the saved card no longer spares the check.
    await saved[0]!.update({ expiryMonth: 1, expiryYear: 2020 });
    expect((await make(number)).order.cardCheck).to.equal('required');
  });

  it("saves the card approved from the card review queue too, and nothing for a guest's order", async () => {
    const { user: owner } = await buildUser(server.db.sequelize);
    const operator = await signedInAs(server, 'operator');
    const number = luhnCard('5');
    const { order } = await buildOrder(server, { direction: cards, userId: owner.id, request: { senderAccount: number }, set: { confirmedAt: new Date(), cardCheck: 'pending', cardPhotoKey: 'card/none.png', cardPhotoAt: new Date() } });
    const approved = await operator.post(`/operator/reviews/card/${order.uid}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).to.equal(200);
    const { Requisite } = initModels(server.db.sequelize);
    expect((await Requisite.findAll({ where: { userId: owner.id } })).map((row) => [row.status, row.orderUid])).to.deep.equal([['verified', order.uid]]);

    const guest = await buildOrder(server, { direction: cards, request: { senderAccount: luhnCard() }, set: { confirmedAt: new Date(), cardCheck: 'pending' } });
    expect((await operator.post(`/operator/orders/${guest.order.uid}/card-approve`)).status).to.equal(200);
    expect(await Requisite.count({ where: { orderUid: guest.order.uid } })).to.equal(0);
  });

  it('the photo upload takes the upload corpus: scripts and bombs refused, EXIF stripped', async () => {
    const client = await user();
    const { id } = (await addCard(client)).body.data as RequisiteDto;
    const base = `/user/requisites/${id}/photo`;
    expect((await upload(server, client, base, SVG, 'card.svg', 'image/svg+xml')).status).to.equal(415);
    expect((await upload(server, client, base, HTML, 'card.png', 'image/png')).status).to.equal(415);
    expect((await upload(server, client, base, pngBomb())).body.error?.code).to.equal('image_too_large');
    const wallet = await client.post('/user/requisites', { kind: 'wallet', asset: cards.to, number: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
    expect(wallet.body.data).to.include({ status: 'saved', kind: 'wallet' });
    expect((await upload(server, client, `/user/requisites/${wallet.body.data.id}/photo`, png)).status).to.equal(409);
    expect((await upload(server, client, base, await jpegWithGps(), 'card.jpg', 'image/jpeg')).status).to.equal(200);
    const row = await initModels(server.db.sequelize).Requisite.findByPk(id);
    const stored = await readFile(path.join(server.config.uploadDir, row!.photoKey!));
    expect((await sharp(stored).metadata()).exif).to.equal(undefined);
  });

  it(`limits a user to ${REQUISITE_WRITES_PER_HOUR} adds and photos an hour (429), other users unaffected`, async () => {
    const client = await user();
    for (let index = 0; index < REQUISITE_WRITES_PER_HOUR; index += 1) {
      expect((await client.post('/user/requisites', { kind: 'wallet', asset: cards.to, number: randomBtcWallet() })).status).to.equal(201);
    }
    const refused = await client.post('/user/requisites', { kind: 'wallet', asset: cards.to, number: randomBtcWallet() });
    expect(refused.status).to.equal(429);
    expect(refused.body.error?.code).to.equal('too_many_requests');
    expect((await (await user()).post('/user/requisites', { kind: 'wallet', asset: cards.to, number: randomBtcWallet() })).status).to.equal(201);
  });

  it('opens the staff endpoints of the queue to operators and admins only', async () => {
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/operator/reviews/requisites', roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/reviews/requisites/999999999/approve', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: '/operator/reviews/requisites/999999999/reject', roles: OPERATOR_AND_ADMIN, body: { reason: 'x' } },
      { method: 'GET', path: requisitePhotoUrl(server.config.sessionKeys, 999999999, new Date()).slice('/api'.length), roles: OPERATOR_AND_ADMIN },
    ]);
  });
});
