import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { OrderDto } from '../../common/orders';
import { buildUser, TestClient } from '../accounts/testing';
import { initModels } from '../models';
import { buildDirection, buildOrder, type TestDirection } from './testing';
import { startTestServer, type TestServer } from '../test/server';
import { picture, pngBomb } from '../uploads/testing';

interface UploadAnswer {
  status: number;
  body: { success: boolean; data?: OrderDto; error?: { code: string; message: string } };
}

async function upload(server: TestServer, pathname: string, file: Buffer, name = 'photo.png', type = 'image/png'): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const response = await fetch(`${server.url}/api${pathname}`, { method: 'POST', body: form, headers: { lang: 'en' } });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

async function storedFiles(server: TestServer, kind: 'card' | 'receipt'): Promise<string[]> {
  try {
    return (await readdir(path.join(server.config.uploadDir, kind))).map((file) => `${kind}/${file}`);
  } catch {
    return [];
  }
}

describe('order uploads: card photo and receipt', function () {
  this.timeout(60_000);
  let server: TestServer;
  let operator: TestClient;
  let cards: TestDirection;
  let png: Buffer;

  before(async () => {
    server = await startTestServer();
    const { email, password } = await buildUser(server.db.sequelize, { role: 'operator' });
    operator = new TestClient(server.url);
    await operator.signIn(email, password);
    cards = await buildDirection(server, { from: { type: 'fiat' }, to: { type: 'coin' } });
    png = await picture(120, 80).png().toBuffer();
  });

  after(async () => {
    await server.close();
  });

  async function cardOrder() {
    return buildOrder(server, {
      direction: cards,
      request: { senderAccount: '4111111111111111', receiverAccount: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      set: { confirmedAt: new Date() },
    });
  }

  it('verifies a card: photo → pending, operator sees the file, rejects, the customer replaces it, approval leads to payment', async () => {
    const { order, secret } = await cardOrder();
    expect(order.cardCheck).to.equal('required');
    const base = `/orders/${order.uid}/${secret}`;
    const first = await upload(server, `${base}/card-photo`, png);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.data).to.include({ cardCheck: 'pending', step: 'verify_card' });
    expect((await upload(server, `${base}/card-photo`, png)).status).to.equal(409);

    const file = await fetch(`${server.url}/api/operator/orders/${order.uid}/files/card`, { headers: { cookie: operator.cookieHeader() } });
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('image/png');
    expect(file.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(file.headers.get('content-disposition')).to.equal('inline');
    expect(file.headers.get('cache-control')).to.equal('private, no-store');
    expect(file.headers.get('content-security-policy')).to.equal("default-src 'none'; img-src 'self'; sandbox");
    expect((await file.arrayBuffer()).byteLength).to.be.greaterThan(0);
    expect((await fetch(`${server.url}/api/operator/orders/${order.uid}/files/card`)).status).to.equal(401);
    expect((await operator.get(`/operator/orders/${order.uid}/files/receipt`)).status).to.equal(404);

    const { Order } = initModels(server.db.sequelize);
    const firstKey = (await Order.findByPk(order.id))!.cardPhotoKey!;
    const rejected = await operator.post(`/operator/orders/${order.uid}/card-reject`);
    expect(rejected.body.data.cardCheck).to.equal('rejected');
    const replaced = await upload(server, `${base}/card-photo`, png);
    expect(replaced.body.data?.cardCheck).to.equal('pending');
    const secondKey = (await Order.findByPk(order.id))!.cardPhotoKey!;
    expect(secondKey).to.not.equal(firstKey);
    const onDisk = await storedFiles(server, 'card');
    expect(onDisk).to.include(secondKey);
    expect(onDisk).to.not.include(firstKey);

    await operator.post(`/operator/orders/${order.uid}/card-approve`);
    const page = await new TestClient(server.url).get(base);
    expect(page.body.data).to.include({ cardCheck: 'approved', step: 'pay' });
    expect((await new TestClient(server.url).post(`${base}/paid`)).status).to.equal(200);
  });

  it('refuses a card photo where none is asked for, before storing anything', async () => {
    const { order, secret } = await buildOrder(server, { set: { confirmedAt: new Date() } });
    const before = await storedFiles(server, 'card');
    const answer = await upload(server, `/orders/${order.uid}/${secret}/card-photo`, png);
    expect(answer.status).to.equal(409);
    expect(answer.body.error?.code).to.equal('invalid_transition');
    expect(await storedFiles(server, 'card')).to.deep.equal(before);
  });

  it('keeps exactly one receipt of 10 parallel uploads: one stored file, one key, nine "already uploaded"', async () => {
    const { order, secret } = await buildOrder(server, { set: { confirmedAt: new Date() } });
    const before = await storedFiles(server, 'receipt');
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(server, `/orders/${order.uid}/${secret}/receipt`, png)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).to.deep.equal([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error).to.deep.equal({
        code: 'receipt_already_uploaded',
        message: 'Receipt already uploaded, contact support for more information',
      });
    }
    const row = await initModels(server.db.sequelize).Order.findByPk(order.id);
    const added = (await storedFiles(server, 'receipt')).filter((file) => !before.includes(file));
    expect(added).to.deep.equal([row!.receiptKey]);
    expect(row!.version).to.equal(order.version + 1);
    const again = await upload(server, `/orders/${order.uid}/${secret}/receipt`, png);
    expect(again.status).to.equal(409);
    expect(again.body.error?.code).to.equal('receipt_already_uploaded');
  });

  it('refuses bad files through the route and changes nothing: not an image, too large, huge dimensions', async () => {
    const { order, secret } = await buildOrder(server, { set: { confirmedAt: new Date() } });
    const receipt = `/orders/${order.uid}/${secret}/receipt`;
    const before = await storedFiles(server, 'receipt');
    const text = await upload(server, receipt, Buffer.from('just text, not a picture'), 'photo.jpg', 'image/jpeg');
    expect(text.status).to.equal(415);
    expect(text.body.error?.code).to.equal('not_an_image');
    const large = await upload(server, receipt, Buffer.alloc(11 * 1024 * 1024, 1), 'big.png');
    expect(large.status).to.equal(413);
    expect(large.body.error?.code).to.equal('file_too_large');
    const bomb = await upload(server, receipt, pngBomb(20_000), 'bomb.png');
    expect(bomb.status).to.equal(422);
    expect(bomb.body.error?.code).to.equal('image_too_large');
    const row = await initModels(server.db.sequelize).Order.findByPk(order.id);
    expect(row!.receiptKey).to.equal(null);
    expect(row!.version).to.equal(order.version);
    expect(await storedFiles(server, 'receipt')).to.deep.equal(before);
  });

  it('answers a wrong secret with 404 before reading the file', async () => {
    const { order } = await buildOrder(server);
    const answer = await upload(server, `/orders/${order.uid}/${'B'.repeat(43)}/receipt`, png);
    expect(answer.status).to.equal(404);
    expect(answer.body.error?.code).to.equal('not_found');
  });
});
