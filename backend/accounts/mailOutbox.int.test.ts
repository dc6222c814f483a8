import { expect } from 'chai';
import { Op, QueryTypes } from 'sequelize';
import { createServerI18n } from '../platform/i18n';
import { createMailer } from '../platform/mail';
import { drainMails, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, settleMails } from '../platform/outbox/delivery';
import { initModels, type OutboxMail } from '../models';
import { startTestServer, type TestServer } from '../test/server';
import { deadPort, startSilentSmtp, startSmtp, type TestSmtp } from '../test/smtp';
import { startWorker } from '../workers';
import { createAccountsContext, writeAccount, type AccountsContext } from './context';
import { queueActivation, registerUser } from './registerUser';
import { buildUser, TEST_PASSWORD, TestClient, uniqueEmail } from './testing/index';

const i18n = createServerI18n();

function registration(email: string) {
  return { firstName: 'Ivan', secondName: 'Petrov', email, phone: '+79991234567', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, agreeTerms: true, captcha: '' };
}

/** The rows of `mail_outbox` sent to `to`, oldest first. */
function rowsTo(server: TestServer, to: string): Promise<OutboxMail[]> {
  return initModels(server.db.sequelize).OutboxMail.findAll({ where: { to }, order: [['id', 'ASC']] });
}

/** The rows as the database holds them, every column as text. */
async function rawRowsTo(server: TestServer, to: string): Promise<string> {
  const rows = await server.db.sequelize.query('SELECT * FROM mail_outbox WHERE `to` = :to', { replacements: { to }, type: QueryTypes.SELECT });
  return JSON.stringify(rows);
}

/** Gives up this suite's unsent rows, so nothing of it stays due in a shared database. */
async function giveUpOurs(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  await initModels(server.db.sequelize).OutboxMail.update(
    { failedAt: new Date(), varsSealed: null },
    { where: { to: { [Op.like]: 'acc-outbox-%' }, sentAt: null, failedAt: null } },
  );
}

describe('account mails outbox: written with the change, sent after the commit, retried', function () {
  this.timeout(30_000);
  let smtp: TestSmtp;

  before(async () => {
    smtp = await startSmtp();
  });

  after(async () => {
    await smtp?.close();
  });

  const deliveredTo = (email: string) => smtp.received.filter((mail) => mail.to === email);

  describe('with SMTP up', () => {
    let server: TestServer;
    let ctx: AccountsContext;

    before(async () => {
      server = await startTestServer({ SMTP_URL: smtp.url });
      ctx = createAccountsContext({ sequelize: server.db.sequelize, kv: server.kv, mailer: server.services.mailer, logger: server.logger, config: server.config });
    });

    after(async () => {
      await giveUpOurs(server);
      await server?.close();
    });

    it('sends the activation mail after the commit and erases its sealed variables once sent', async () => {
      const email = uniqueEmail('acc-outbox-sent');
      const answer = await new TestClient(server.url).post('/user/auth/register', registration(email));
      expect(answer.status).to.equal(200);
      await settleMails();
      const delivered = deliveredTo(email);
      expect(delivered).to.have.length(1);
      expect(delivered[0]!.links.some((link) => link.startsWith(`${server.config.publicUrl}/auth/`))).to.equal(true);
      const [row] = await rowsTo(server, email);
      expect(row).to.include({ template: 'activation', attempts: 1, lockedUntil: null, failedAt: null, varsSealed: null, lastError: null });
      expect(row!.sentAt).to.be.instanceOf(Date);
    });

    it('writes the mail in the change’s transaction: a change that fails after queueing its mail leaves no mail row and no token', async () => {
      const { user, email } = await buildUser(server.db.sequelize, { status: 'pending', email: uniqueEmail('acc-outbox-rollback') });
      const failure = await writeAccount(ctx, async (write) => {
        await queueActivation(ctx, write, user);
        throw new Error('the change fails after its mail');
      }).then(() => null, (error: unknown) => error);
      expect(failure).to.have.property('message', 'the change fails after its mail');
      await settleMails();
      expect(await rowsTo(server, email)).to.deep.equal([]);
      expect(await initModels(server.db.sequelize).UserToken.count({ where: { userId: user.id } })).to.equal(0);
      expect(deliveredTo(email)).to.deep.equal([]);
    });

    it('keeps a registration whose mail cannot be written out of the database: no account, no token, no mail', async () => {
      const email = uniqueEmail('acc-outbox-nokey');
      // Variables cannot be sealed without a key: the mail's write fails inside the registration.
      const broken: AccountsContext = { ...ctx, secretKeys: [''] };
      const failure = await registerUser(broken, { ...registration(email), lang: 'en' }).then(() => null, (error: unknown) => error);
      expect(failure).to.be.instanceOf(Error);
      expect(await initModels(server.db.sequelize).User.count({ where: { email } })).to.equal(0);
      expect(await rowsTo(server, email)).to.deep.equal([]);
    });

    it('leaves a queued account mail to the worker when the shutdown drain runs out of time: unsent, unclaimed, still sealed', async () => {
      const silent = await startSilentSmtp();
      const mailer = createMailer({ ...server.config, smtpUrl: silent.url }, server.logger, { i18n });
      const slow: AccountsContext = { ...ctx, mailer };
      try {
        const first = await buildUser(server.db.sequelize, { status: 'pending', email: uniqueEmail('acc-outbox-drain1') });
        const second = await buildUser(server.db.sequelize, { status: 'pending', email: uniqueEmail('acc-outbox-drain2') });
        await writeAccount(slow, (write) => queueActivation(slow, write, first.user));
        await writeAccount(slow, (write) => queueActivation(slow, write, second.user));
        // The first mail hangs on a relay that never greets; the second waits behind it when shutdown starts.
        const drained = drainMails(Date.now() + 300);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await silent.close();
        await drained;
        const [left] = await rowsTo(server, second.email);
        expect(left).to.include({ attempts: 0, sentAt: null, failedAt: null, lockedUntil: null });
        expect(left!.varsSealed).to.match(/^v1\./);
        const [tried] = await rowsTo(server, first.email);
        expect(tried).to.include({ attempts: 1, sentAt: null, lockedUntil: null });
      } finally {
        await silent.close();
        mailer.close();
      }
    });

    it('gives up at once a mail SMTP refuses for good (5xx), its variables erased', async () => {
      const email = uniqueEmail('nobody-acc-outbox');
      const answer = await new TestClient(server.url).post('/user/auth/register', registration(email));
      expect(answer.status).to.equal(200);
      await settleMails();
      const [row] = await rowsTo(server, email);
      expect(row).to.include({ attempts: 1, sentAt: null, lockedUntil: null, varsSealed: null });
      expect(row!.attempts).to.be.below(MAIL_MAX_ATTEMPTS);
      expect(row!.failedAt).to.be.instanceOf(Date);
      expect(row!.lastError).to.match(/550|No such user/);
      await initModels(server.db.sequelize).OutboxMail.destroy({ where: { id: row!.id } });
    });
  });

  it('answers a registration while SMTP is down, keeps the mail sealed and the worker sends it once SMTP is back', async () => {
    const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` });
    try {
      const email = uniqueEmail('acc-outbox-down');
      const answer = await new TestClient(server.url).post('/user/auth/register', registration(email));
      expect(answer.status).to.equal(200);
      expect(answer.body.data.message).to.equal('Registration confirmation link sent to your email');
      await settleMails();
      const [row] = await rowsTo(server, email);
      expect(row).to.include({ template: 'activation', attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
      expect(row!.lastError).to.match(/ECONNREFUSED|connect/i);
      expect(row!.varsSealed).to.match(/^v1\./);
      const stored = await rawRowsTo(server, email);

      // SMTP is back; the worker's mail job passes on a clock past the retry time.
      const mailer = createMailer({ ...server.config, smtpUrl: smtp.url }, server.logger, { i18n });
      const ahead = () => new Date(Date.now() + mailRetryDelayMs(1) + 1000);
      const worker = await startWorker({
        config: server.config,
        logger: server.logger,
        kv: server.kv,
        db: server.db,
        services: { i18n, mailer },
        rates: { tickMs: 60_000 },
        orders: { tickMs: 60_000, mailTickMs: 60_000 },
        mail: { tickMs: 50, now: ahead },
      });
      try {
        const deadline = Date.now() + 10_000;
        while (deliveredTo(email).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await worker.close();
        mailer.close();
      }
      const delivered = deliveredTo(email);
      expect(delivered).to.have.length(1);
      const link = delivered[0]!.links.find((href) => href.startsWith(`${server.config.publicUrl}/auth/`))!;
      const token = link.slice(`${server.config.publicUrl}/auth/`.length);
      // The stored row never held the raw token (only its sealed copy), and the link works.
      expect(stored).not.to.include(token);
      expect(stored).not.to.include(encodeURIComponent(token));
      expect((await new TestClient(server.url).post('/user/auth/activate', { token })).status).to.equal(200);
      const [sent] = await rowsTo(server, email);
      expect(sent).to.include({ attempts: 2, varsSealed: null, lastError: null, lockedUntil: null });
      expect(sent!.sentAt).to.be.instanceOf(Date);
    } finally {
      await giveUpOurs(server);
      await server.close();
    }
  });

  it('answers a registration without waiting for SMTP: the mail is still being sent when the answer arrives', async () => {
    const silent = await startSilentSmtp();
    const server = await startTestServer({ SMTP_URL: silent.url });
    try {
      const email = uniqueEmail('acc-outbox-slow');
      const started = Date.now();
      const answer = await new TestClient(server.url).post('/user/auth/register', registration(email));
      const tookMs = Date.now() - started;
      expect(answer.status).to.equal(200);
      // The relay never greets (nodemailer waits 10 s for it): the answer did not wait.
      expect(tookMs).to.be.below(5000);
      const [row] = await rowsTo(server, email);
      expect(row).to.include({ attempts: 0, sentAt: null, failedAt: null });
      expect(row!.lockedUntil, 'claimed by the process that wrote it').to.be.instanceOf(Date);
      const deadline = Date.now() + 5000;
      while (silent.connections() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(silent.connections(), 'the send is under way after the answer').to.equal(1);
    } finally {
      await silent.close();
      await settleMails();
      await giveUpOurs(server);
      await server.close();
    }
  });
});
