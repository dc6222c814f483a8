import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BoardOrderList } from '../../common/board';
import type { KycQueueItem, KycQueueList } from '../../common/kyc';
import { buildUser, TestClient } from '../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels, type User } from '../models';
import { buildOrder } from '../orders/testing';
import { listOutbox } from '../test/mail';
import { startTestServer, type TestServer } from '../test/server';
import { nextEvent, openClient } from '../test/sockets';
import { HTML, jpegWithGps, PDF, pngBomb, SVG } from '../uploads/testing';
import { kycFileUrl } from './files';
import { startKycJob } from './job';
import { deleteExpiredKycFiles } from './retention';
import { kycParts, postKyc, type KycPart } from './testing';

describe('identity verification (KYC)', function () {
  this.timeout(90_000);
  let server: TestServer;
  let operator: TestClient & { userId: number; email: string };

  before(async () => {
    server = await startTestServer();
    operator = await signedInAs(server, 'operator');
  });

  after(async () => {
    await server.close();
  });

  const models = () => initModels(server.db.sequelize);
  const secretKeys = () => server.config.sessionKeys;

  async function customer(overrides: { lang?: 'ru' | 'en' } = {}): Promise<{ client: TestClient; user: User; email: string }> {
    const { user, email, password } = await buildUser(server.db.sequelize, { lang: overrides.lang ?? 'en' });
    const client = new TestClient(server.url, overrides.lang ?? 'en');
    expect((await client.signIn(email, password)).status).to.equal(200);
    return { client, user, email };
  }

  async function kycFiles(): Promise<string[]> {
    try {
      return await readdir(path.join(server.config.uploadDir, 'kyc'));
    } catch {
      return [];
    }
  }

  async function queueItem(userId: number): Promise<KycQueueItem> {
    const items: KycQueueItem[] = [];
    let cursor: string | null = null;
    do {
      const page = (await operator.get(`/operator/reviews?kind=kyc${cursor ? `&cursor=${cursor}` : ''}`)).body.data as KycQueueList;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const item = items.find((entry) => entry.userId === userId);
    expect(item, `queue item of ${userId}`).to.not.equal(undefined);
    return item!;
  }

  async function fetchAs(client: TestClient | null, url: string): Promise<Response> {
    return fetch(`${server.url}${url}`, { headers: client ? { cookie: client.cookieHeader() } : {} });
  }

  async function audits(action: string) {
    return models().AuditRecord.findAll({ where: { action }, order: [['id', 'ASC']] });
  }

  it('answers the role matrix of every staff KYC endpoint', async () => {
    // A correctly signed link to a submission that does not exist: past the policy, a JSON 404 (the image itself is checked below).
    const link = kycFileUrl(secretKeys(), 999_999_999, 'document', new Date()).replace(/^\/api/, '');
    await expectRoleMatrix(server, [
      { method: 'GET', path: '/operator/reviews?kind=kyc', roles: OPERATOR_AND_ADMIN },
      { method: 'GET', path: link, roles: OPERATOR_AND_ADMIN },
      { method: 'POST', path: '/operator/kyc/999999999/approve', roles: OPERATOR_AND_ADMIN, body: {} },
      { method: 'POST', path: '/operator/kyc/999999999/reject', roles: OPERATOR_AND_ADMIN, body: { reason: 'blurred', final: false } },
    ]);
  });

  it('takes a submission, shows it in the queue, refuses with a reason, takes a new one and verifies: mails, audit, live', async () => {
    const { client, user, email } = await customer();
    expect((await client.get('/user/kyc')).body.data).to.deep.equal({ status: 'none', reason: null, final: false });
    const socket = await openClient(server.url, { cookie: client.cookieHeader() });
    try {
      const live = nextEvent(socket, 'kyc:changed', (event) => event.userId === user.id && event.status === 'check');
      const answer = await postKyc(client);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.data).to.deep.equal({ status: 'check', reason: null, final: false });
      await live;
      expect((await client.get('/user/auth/session/get/')).body.data).to.include({ kycStatus: 'check' });
      const again = await postKyc(client);
      expect(again.status).to.equal(409);
      expect(again.body.error?.code).to.equal('kyc_pending');

      const item = await queueItem(user.id);
      expect(item).to.include({ email });
      expect(item.document).to.match(/^\/api\/operator\/kyc\/files\/\d+\/document\?expires=\d+&sig=/);
      const views = (await audits('kyc.file_view')).length;
      const documentFile = await fetchAs(operator, item.document!);
      expect(documentFile.status).to.equal(200);
      expect(documentFile.headers.get('content-type')).to.equal('image/jpeg');
      expect(documentFile.headers.get('cache-control')).to.equal('private, no-store');
      expect(documentFile.headers.get('content-security-policy')).to.include('sandbox');
      expect((await fetchAs(operator, item.selfie!)).status).to.equal(200);
      const viewed = await audits('kyc.file_view');
      expect(viewed).to.have.length(views + 2);
      expect(viewed.at(-1)).to.include({ actorId: operator.userId, targetType: 'kyc_submission', targetId: String(item.id) });

      const blocked = nextEvent(socket, 'kyc:changed', (event) => event.userId === user.id && event.status === 'blocked');
      const missingReason = await operator.post(`/operator/kyc/${user.id}/reject`, { final: false });
      expect(missingReason.status).to.equal(400);
      expect(missingReason.body.error?.fields).to.have.property('reason');
      expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: '   ' })).status).to.equal(400);
      expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: 'x'.repeat(501) })).status).to.equal(400);
      expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: 'blurred', final: 'yes' })).status).to.equal(400);
      expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: 'The document is blurred', final: false })).status).to.equal(200);
      await blocked;
      expect((await client.get('/user/kyc')).body.data).to.deep.equal({ status: 'blocked', reason: 'The document is blurred', final: false });
      expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: 'twice' })).body.error?.code).to.equal('kyc_not_pending');
      const rejected = (await audits('kyc.reject')).at(-1)!;
      expect(rejected).to.include({ actorId: operator.userId, targetType: 'user', targetId: String(user.id) });
      expect(rejected.after).to.deep.include({ kycStatus: 'blocked', reason: 'The document is blurred', final: false });

      expect((await postKyc(client)).status).to.equal(200);
      expect((await operator.post(`/operator/kyc/${user.id}/approve`, {})).status).to.equal(200);
      expect((await client.get('/user/kyc')).body.data).to.deep.equal({ status: 'approve', reason: null, final: false });
      expect((await client.get('/user/auth/session/get/')).body.data).to.include({ kycStatus: 'approve' });
      expect((await audits('kyc.approve')).at(-1)).to.include({ targetId: String(user.id) });
      expect((await postKyc(client)).body.error?.code).to.equal('kyc_verified');

      const subjects = (await listOutbox(server.config.outboxDir, { to: email })).map((mail) => mail.subject);
      expect(subjects.filter((subject) => /under review/.test(subject ?? ''))).to.have.length(2);
      expect(subjects.some((subject) => /refused/.test(subject ?? ''))).to.equal(true);
      expect(subjects.some((subject) => /is verified/.test(subject ?? ''))).to.equal(true);
      const refusal = (await listOutbox(server.config.outboxDir, { to: email })).find((mail) => /refused/.test(mail.subject ?? ''))!;
      expect(refusal.text).to.include('Reason: The document is blurred').and.include('You may upload new documents');
    } finally {
      socket.disconnect();
    }
  });

  it('mails the user in their language (ru)', async () => {
    const { client, email } = await customer({ lang: 'ru' });
    expect((await postKyc(client)).status).to.equal(200);
    const [mail] = await listOutbox(server.config.outboxDir, { to: email });
    expect(mail!.subject).to.include('Ваши документы на проверке');
  });

  it('a final refusal blocks a new submission with 403 kyc_refused_final before reading the files', async () => {
    const { client, user } = await customer();
    expect((await postKyc(client)).status).to.equal(200);
    expect((await operator.post(`/operator/kyc/${user.id}/reject`, { reason: 'Forged document', final: true })).status).to.equal(200);
    expect((await client.get('/user/kyc')).body.data).to.deep.equal({ status: 'blocked', reason: 'Forged document', final: true });
    const before = await kycFiles();
    const answer = await postKyc(client);
    expect(answer.status).to.equal(403);
    expect(answer.body.error?.code).to.equal('kyc_refused_final');
    expect(await kycFiles()).to.deep.equal(before);
    expect(await models().KycSubmission.count({ where: { userId: user.id } })).to.equal(1);
  });

  it('never gives a user KYC files: staff links only, signed per file, expiring, tamper-proof; no public path', async () => {
    const a = await customer();
    const b = await customer();
    expect((await postKyc(a.client)).status).to.equal(200);
    expect((await postKyc(b.client)).status).to.equal(200);
    const itemA = await queueItem(a.user.id);
    const itemB = await queueItem(b.user.id);
    // The owner themselves and another user: the staff policy refuses (a user never reaches a file).
    expect((await fetchAs(a.client, itemA.document!)).status).to.equal(403);
    expect((await fetchAs(b.client, itemA.document!)).status).to.equal(403);
    expect((await fetchAs(null, itemA.document!)).status).to.equal(401);
    // A's link pointed at B's submission, or at the other file: the signature does not match.
    expect((await fetchAs(operator, itemA.document!.replace(`/files/${itemA.id}/`, `/files/${itemB.id}/`))).status).to.equal(403);
    expect((await fetchAs(operator, itemA.document!.replace('/document?', '/selfie?'))).status).to.equal(403);
    const tampered = itemA.document!.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchAs(operator, tampered)).status).to.equal(403);
    const expired = kycFileUrl(secretKeys(), itemA.id, 'document', new Date(Date.now() - 6 * 60_000));
    expect((await fetchAs(operator, expired)).status).to.equal(403);
    expect((await fetchAs(operator, itemA.document!.split('?')[0]!)).status).to.equal(403);
    expect((await fetchAs(operator, `/api/operator/kyc/files/999999999/document?${itemA.document!.split('?')[1]}`)).status).to.equal(403);
    // The GET of the user's own KYC answers a status, never a file or a key.
    expect(Object.keys((await a.client.get('/user/kyc')).body.data)).to.deep.equal(['status', 'reason', 'final']);
    // Nothing is served from the upload folder.
    const submission = (await models().KycSubmission.findByPk(itemA.id))!;
    for (const url of [`/${submission.documentKey}`, `/uploads/${submission.documentKey}`, `/api/uploads/${submission.documentKey}`]) {
      const response = await fetchAs(operator, url);
      expect(response.headers.get('content-type') ?? '', url).to.not.match(/^image\//);
    }
  });

  it('refuses the upload corpus at the KYC endpoint and stores nothing', async () => {
    const { client, user } = await customer();
    const [document, selfie] = (await kycParts()) as [KycPart, KycPart];
    const before = await kycFiles();
    const cases: Array<{ parts: KycPart[]; status: number; code: string }> = [
      { parts: [{ ...document, body: HTML, type: 'image/jpeg' }, selfie], status: 415, code: 'not_an_image' },
      { parts: [document, { ...selfie, body: SVG, type: 'image/svg+xml', filename: 'selfie.svg' }], status: 415, code: 'not_an_image' },
      { parts: [{ ...document, body: PDF, type: 'application/pdf' }, selfie], status: 415, code: 'not_an_image' },
      { parts: [{ ...document, body: Buffer.alloc(0) }, selfie], status: 415, code: 'not_an_image' },
      { parts: [{ ...document, body: pngBomb(20_000) }, selfie], status: 422, code: 'image_too_large' },
      { parts: [{ ...document, body: Buffer.alloc(11 * 1024 * 1024, 1) }, selfie], status: 413, code: 'file_too_large' },
      { parts: [document], status: 400, code: 'validation_failed' },
      { parts: [document, selfie, { ...selfie, name: 'extra' }], status: 400, code: 'validation_failed' },
      { parts: [document, selfie, { ...selfie }], status: 400, code: 'validation_failed' },
    ];
    for (const { parts, status, code } of cases) {
      const answer = await postKyc(client, parts);
      const label = `${parts.map((part) => `${part.name}:${part.type}`).join(',')} → ${JSON.stringify(answer.body)}`;
      expect(answer.status, label).to.equal(status);
      expect(answer.body.error?.code, label).to.equal(code);
    }
    const json = await client.post('/user/kyc', { document: 'x', selfie: 'y' });
    expect(json.status).to.equal(415);
    expect(await kycFiles()).to.deep.equal(before);
    expect((await client.get('/user/kyc')).body.data).to.include({ status: 'none' });
    expect(await models().KycSubmission.count({ where: { userId: user.id } })).to.equal(0);
    expect((await postKyc(new TestClient(server.url))).status).to.equal(401);
  });

  it('stores re-encoded pictures without their metadata (GPS EXIF gone)', async () => {
    const { client, user } = await customer();
    const [, selfie] = (await kycParts()) as [KycPart, KycPart];
    const answer = await postKyc(client, [{ name: 'document', body: await jpegWithGps(), type: 'image/jpeg', filename: 'gps.jpg' }, selfie]);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    const submission = (await models().KycSubmission.findOne({ where: { userId: user.id } }))!;
    expect(submission.documentKey).to.match(/^kyc\/[0-9a-f]{32}\.jpg$/);
    const meta = await sharp(path.join(server.config.uploadDir, submission.documentKey!)).metadata();
    expect(meta.exif).to.equal(undefined);
    expect(meta.width).to.equal(64); // turned upright from orientation 6
  });

  it('deletes the files after the retention period and keeps the decision; the worker job runs it', async () => {
    const old = await customer();
    const fresh = await customer();
    for (const { client, user } of [old, fresh]) {
      expect((await postKyc(client)).status).to.equal(200);
      expect((await operator.post(`/operator/kyc/${user.id}/approve`, {})).status).to.equal(200);
    }
    const { KycSubmission } = models();
    const oldRow = (await KycSubmission.findOne({ where: { userId: old.user.id } }))!;
    const keys = [oldRow.documentKey!, oldRow.selfieKey!];
    const day = 24 * 3600 * 1000;
    await oldRow.update({ decidedAt: new Date(Date.now() - (server.config.kycRetentionDays + 1) * day) });
    const ctx = { models: models(), uploadDir: server.config.uploadDir, retentionDays: server.config.kycRetentionDays };
    expect(await deleteExpiredKycFiles(ctx, new Date())).to.be.at.least(1);
    const files = await kycFiles();
    for (const key of keys) expect(files).to.not.include(key.slice('kyc/'.length));
    const kept = (await KycSubmission.findByPk(oldRow.id))!;
    expect(kept).to.include({ status: 'approve', documentKey: null, selfieKey: null, decidedById: operator.userId });
    expect(kept.filesDeletedAt).to.be.instanceOf(Date);
    expect((await old.client.get('/user/kyc')).body.data).to.include({ status: 'approve' });
    expect((await fetchAs(operator, kycFileUrl(secretKeys(), oldRow.id, 'document', new Date()))).status).to.equal(404);
    const freshRow = (await KycSubmission.findOne({ where: { userId: fresh.user.id } }))!;
    expect(freshRow.documentKey).to.be.a('string');

    // The worker's job: a clock past the retention of the fresh submission too.
    const job = startKycJob({
      sequelize: server.db.sequelize,
      config: { uploadDir: server.config.uploadDir, kycRetentionDays: server.config.kycRetentionDays },
      logger: server.logger,
      options: { tickMs: 20, now: () => new Date(Date.now() + (server.config.kycRetentionDays + 1) * day) },
    });
    try {
      for (let i = 0; i < 100 && (await KycSubmission.findByPk(freshRow.id))!.documentKey !== null; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await job.stop();
    }
    expect((await KycSubmission.findByPk(freshRow.id))!).to.include({ documentKey: null, status: 'approve' });
  });

  it("marks a verified user's orders as priority on the board (the row's one SELECT)", async () => {
    const verified = await customer();
    const other = await customer();
    await verified.user.update({ kycStatus: 'approve' });
    const { order: mine } = await buildOrder(server, { userId: verified.user.id });
    const { order: theirs } = await buildOrder(server, { userId: other.user.id });
    const { order: guest } = await buildOrder(server);
    const row = async (uid: string) => ((await operator.get(`/operator/orders?q=${uid}`)).body.data as BoardOrderList).orders[0]!;
    expect((await row(mine.uid)).priority).to.equal(true);
    expect((await row(theirs.uid)).priority).to.equal(false);
    expect((await row(guest.uid)).priority).to.equal(false);
  });
});
