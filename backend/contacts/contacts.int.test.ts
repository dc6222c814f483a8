import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import { Op } from 'sequelize';
import type { ContactMessageDto, ContactMessageList } from '../../common/contacts';
import { TestClient, uniqueEmail } from '../accounts/testing';
import { expectRoleMatrix, OPERATOR_AND_ADMIN, signedInAs } from '../console/testing';
import { initModels, type OutboxMail } from '../models';
import { HUMAN_TOKEN, useCaptchaServer } from '../test/siteverify';
import { listOutbox } from '../test/mail';
import { startTestServer, type TestServer } from '../test/server';
import { CONTACT_LIMIT } from './routes';

const freshIp = () => `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}`;

describe('contacts: the form stores and mails a message, staff read and answer it (real HTTP)', function () {
  this.timeout(60_000);
  const support = uniqueEmail('support');
  let server: TestServer;
  let operator: TestClient & { userId: number };

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1', SUPPORT_EMAIL: support, ALERT_LANG: 'en' });
    operator = await signedInAs(server, 'operator');
  });

  after(async () => {
    await server?.close();
  });

  function send(body: Record<string, unknown>, client = new TestClient(server.url), ip = freshIp()) {
    return client.post('/contacts', { name: 'Oleg', email: uniqueEmail('visitor'), subject: 'referral', message: 'I bring 200 clients a month.', ...body }, { 'x-forwarded-for': ip });
  }

  async function stored(email: string) {
    return initModels(server.db.sequelize).ContactMessage.findOne({ where: { email } });
  }

  it('stores the message, mails it to SUPPORT_EMAIL through the outbox and answers "Message sent"', async () => {
    const email = uniqueEmail('visitor');
    const answer = await send({ email, message: 'Line one.\nI want a higher percentage <b>now</b>.' }, new TestClient(server.url, 'ru'));
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    expect(answer.body.data.message).to.equal('Сообщение отправлено');
    const row = await stored(email);
    expect(row).to.include({ name: 'Oleg', subject: 'referral', lang: 'ru', readAt: null, answeredAt: null });
    const outboxRow = await initModels(server.db.sequelize).OutboxMail.findOne({ where: { to: support, template: 'contactMessage' }, order: [['id', 'DESC']] });
    expect(outboxRow, 'the outbox row').to.not.equal(null);
    const mails = (await listOutbox(server.config.outboxDir, { to: support })).filter((mail) => mail.text?.includes(email));
    expect(mails).to.have.length(1);
    expect(mails[0]!.subject).to.equal(`${new URL(server.config.publicUrl).host} contact form: Higher referral percentage — Oleg`);
    expect(mails[0]!.text).to.include(`From: Oleg <${email}>`).and.include('I want a higher percentage <b>now</b>.');
    expect(mails[0]!.html).to.include('&lt;b&gt;now&lt;/b&gt;').and.not.include('<b>now</b>');
    expect(mails[0]!.links.some((link) => link.endsWith('/operator/messages'))).to.equal(true);
  });

  it('stores without mailing when SUPPORT_EMAIL is unset', async () => {
    const quiet = await startTestServer();
    try {
      const email = uniqueEmail('visitor');
      const models = initModels(quiet.db.sequelize);
      // The database may be shared: only the rows written after this point count.
      const lastMail = (await models.OutboxMail.max<number, OutboxMail>('id')) ?? 0;
      const answer = await new TestClient(quiet.url).post('/contacts', { name: 'Oleg', email, subject: 'general', message: 'Hello' });
      expect(answer.status).to.equal(201);
      expect(await models.ContactMessage.count({ where: { email } })).to.equal(1);
      expect(await models.OutboxMail.count({ where: { template: 'contactMessage', id: { [Op.gt]: lastMail } } })).to.equal(0);
    } finally {
      await quiet.close();
    }
  });

  it('refuses bad input with 400 and the fields at fault', async () => {
    const answer = await send({ name: ' ', email: 'nope', subject: 'money', message: 'x'.repeat(5001) });
    expect(answer.status).to.equal(400);
    expect(answer.body.error!.code).to.equal('validation_failed');
    expect(answer.body.error!.fields).to.have.all.keys('name', 'email', 'subject', 'message');
  });

  it(`limits messages to ${CONTACT_LIMIT.points} an hour per client address`, async () => {
    const ip = freshIp();
    const email = uniqueEmail('limited');
    for (let i = 0; i < CONTACT_LIMIT.points; i++) expect((await send({ email }, undefined, ip)).status).to.equal(201);
    const over = await send({ email }, undefined, ip);
    expect(over.status).to.equal(429);
    expect(over.body.error!.code).to.equal('too_many_requests');
    expect(await initModels(server.db.sequelize).ContactMessage.count({ where: { email } })).to.equal(CONTACT_LIMIT.points);
  });

  describe('the captcha, when configured', () => {
    const running = useCaptchaServer();

    it('refuses a message without a solved captcha and takes one with it', async () => {
      const guarded = running().server;
      const email = uniqueEmail('captcha');
      const body = { name: 'Oleg', email, subject: 'general', message: 'Hello' };
      const client = new TestClient(guarded.url);
      const refused = await client.post('/contacts', { ...body, captcha: 'bot' });
      expect(refused.body.error!.code).to.equal('captcha_failed');
      expect(await initModels(guarded.db.sequelize).ContactMessage.count({ where: { email } })).to.equal(0);
      expect((await client.post('/contacts', { ...body, captcha: HUMAN_TOKEN })).status).to.equal(201);
    });
  });

  describe('in the console', () => {
    it('is open to operators and admins', async () => {
      await expectRoleMatrix(server, [
        { method: 'GET', path: '/operator/messages', roles: OPERATOR_AND_ADMIN },
        { method: 'POST', path: '/operator/messages/999999999/read', roles: OPERATOR_AND_ADMIN, body: {} },
        { method: 'POST', path: '/operator/messages/999999999/answered', roles: OPERATOR_AND_ADMIN, body: {} },
        { method: 'POST', path: '/operator/messages/999999999/reply', roles: OPERATOR_AND_ADMIN, body: { text: 'Hi' } },
      ]);
    });

    async function audits(id: number) {
      return initModels(server.db.sequelize).AuditRecord.findAll({ where: { targetType: 'contact_message', targetId: String(id) }, order: [['id', 'ASC']] });
    }

    it('lists messages newest first with the unread marked and counted, opens and marks one answered, audited', async () => {
      const older = uniqueEmail('older');
      const newer = uniqueEmail('newer');
      await send({ email: older, subject: 'order' });
      await send({ email: newer, subject: 'api' });
      const list = (await operator.get('/operator/messages')).body.data as ContactMessageList;
      const ours = list.messages.filter((row) => row.email === older || row.email === newer);
      expect(ours.map((row) => row.email)).to.deep.equal([newer, older]);
      expect(ours.every((row) => row.readAt === null)).to.equal(true);
      const ids = list.messages.map((row) => row.id);
      expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
      const unread = list.unread;
      expect(unread).to.be.at.least(2);

      const id = ours[1]!.id;
      const opened = (await operator.post(`/operator/messages/${id}/read`, {})).body.data as ContactMessageDto;
      expect(opened.readAt).to.be.a('string');
      await operator.post(`/operator/messages/${id}/read`, {});
      expect(((await operator.get('/operator/messages')).body.data as ContactMessageList).unread).to.equal(unread - 1);
      const answered = (await operator.post(`/operator/messages/${id}/answered`, {})).body.data as ContactMessageDto;
      expect(answered.answeredAt).to.be.a('string');
      expect((await audits(id)).map((record) => [record.action, record.actorId])).to.deep.equal([
        ['contact.read', operator.userId],
        ['contact.answered', operator.userId],
      ]);
      expect((await operator.post('/operator/messages/999999999/read', {})).status).to.equal(404);
    });

    it('mails a reply to the sender in their language through the outbox and marks the message answered, audited', async () => {
      const email = uniqueEmail('asker');
      await send({ email, subject: 'referral', message: 'Can I get 20%?' }, new TestClient(server.url, 'en'));
      const id = (await stored(email))!.id;
      const admin = await signedInAs(server, 'admin');
      const replied = await admin.post(`/operator/messages/${id}/reply`, { text: 'Yes, from next month.' });
      expect(replied.status, JSON.stringify(replied.body)).to.equal(200);
      expect((replied.body.data as ContactMessageDto)).to.include({ reply: 'Yes, from next month.' });
      expect((replied.body.data as ContactMessageDto).answeredAt).to.be.a('string');
      const mails = await listOutbox(server.config.outboxDir, { to: email });
      expect(mails).to.have.length(1);
      expect(mails[0]!.subject).to.include('Higher referral percentage');
      expect(mails[0]!.text).to.include('Hello, Oleg').and.include('Yes, from next month.').and.include('Can I get 20%?');
      const records = await audits(id);
      expect(records.map((record) => [record.action, record.actorId])).to.deep.equal([['contact.reply', admin.userId]]);
      expect(records[0]!.after).to.include({ reply: 'Yes, from next month.' });
      expect((await admin.post(`/operator/messages/${id}/reply`, { text: '  ' })).status).to.equal(400);
    });
  });
});
