import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { SMTPServer } from 'smtp-server';
import { createServerI18n } from '../i18n';
import { createLogger } from '../logger';
import { listOutbox, readMail, readOutbox, recipientsOf } from '../../test/mail';
import { createMailer } from './index';

const logger = createLogger({ logLevel: 'silent', role: 'all' });
const i18n = createServerI18n();
const PUBLIC_URL = 'http://127.0.0.1:3000';

interface Received {
  user: string | undefined;
  from: string;
  to: string[];
  raw: string;
}

async function startSmtp(): Promise<{ url: string; received: Received[]; server: SMTPServer }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret:pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { url: `smtp://mailer:${encodeURIComponent('s3cret:pass')}@127.0.0.1:${port}`, received, server };
}

describe('mailer', () => {
  describe('over SMTP', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    before(async () => {
      smtp = await startSmtp();
    });
    after(async () => {
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    });

    it('authenticates and delivers the activation mail in Russian with MAIL_FROM and an absolute link', async () => {
      const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Обменник <noreply@exchanger.test>', outboxDir: '/nonexistent', publicUrl: PUBLIC_URL }, logger, { i18n });
      try {
        expect(mailer.mode).to.equal('smtp');
        await mailer.send({ to: 'ann@example.com', lang: 'ru', template: 'activation', vars: { name: 'Анна', url: `${PUBLIC_URL}/auth/tok123` } });
      } finally {
        mailer.close();
      }
      expect(smtp.received).to.have.length(1);
      const [message] = smtp.received;
      expect(message!.user).to.equal('mailer');
      expect(message!.from).to.equal('noreply@exchanger.test');
      expect(message!.to).to.deep.equal(['ann@example.com']);
      const mail = await readMail(message!.raw);
      expect(mail.from!.value).to.deep.equal([{ name: 'Обменник', address: 'noreply@exchanger.test' }]);
      expect(recipientsOf(mail)).to.deep.equal(['ann@example.com']);
      expect(mail.subject).to.equal('Подтвердите email на 127.0.0.1:3000');
      expect(mail.headers.get('content-type')).to.include({ value: 'multipart/alternative' });
      expect(mail.headers.get('auto-submitted')).to.equal('auto-generated');
      expect(mail.text).to.contain('Здравствуйте, Анна!');
      expect(mail.text).to.contain(`Подтвердить email: ${PUBLIC_URL}/auth/tok123`);
      expect(mail.html).to.contain('<html lang="ru">');
      expect(mail.links).to.deep.equal([`${PUBLIC_URL}/auth/tok123`]);
    });

    it('a wrong SMTP password rejects the send', async () => {
      const mailer = createMailer({ smtpUrl: smtp.url.replace('s3cret', 'wrong'), mailFrom: 'noreply@exchanger.test', outboxDir: '/nonexistent', publicUrl: PUBLIC_URL }, logger, { i18n });
      try {
        let error: unknown;
        await mailer.send({ to: 'ann@example.com', lang: 'en', template: 'passwordChanged', vars: {} }).catch((e: unknown) => (error = e));
        expect(error).to.be.instanceOf(Error);
        expect((error as Error).message).to.match(/Invalid username or password|auth/i);
      } finally {
        mailer.close();
      }
    });
  });

  describe('in outbox mode', () => {
    let outboxDir: string;
    beforeEach(async () => {
      outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'mail-test-')), 'outbox');
    });
    afterEach(async () => {
      await rm(path.dirname(outboxDir), { recursive: true, force: true });
    });

    function mailer() {
      return createMailer({ smtpUrl: null, mailFrom: 'noreply@exchanger.test', outboxDir, publicUrl: PUBLIC_URL }, logger, { i18n });
    }

    it('writes one .eml per message and reads back the latest for an address', async () => {
      const m = mailer();
      expect(m.mode).to.equal('outbox');
      await m.send({ to: 'bob@example.com', lang: 'en', template: 'passwordReset', vars: { name: 'Bob', link: '/reset-password/first' } });
      await m.send({ to: 'eve@example.com', lang: 'en', template: 'passwordReset', vars: { link: '/reset-password/other' } });
      await m.send({ to: 'bob@example.com', lang: 'en', template: 'passwordReset', vars: { name: 'Bob', link: '/reset-password/second' } });
      expect((await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).to.have.length(3);
      const latest = await readOutbox(outboxDir, { to: 'BOB@example.com' });
      expect(latest!.subject).to.equal('Password recovery on 127.0.0.1:3000');
      expect(latest!.links).to.deep.equal([`${PUBLIC_URL}/reset-password/second`]);
      expect(latest!.text).to.contain('Hello, Bob!');
      expect(await listOutbox(outboxDir, { to: 'bob@example.com' })).to.have.length(2);
      expect(await readOutbox(outboxDir, { to: 'nobody@example.com' })).to.equal(null);
    });

    it('escapes HTML in variables but keeps them verbatim in the text part', async () => {
      await mailer().send({
        to: 'mal@example.com',
        lang: 'en',
        template: 'signInAlert',
        vars: { name: '<script>alert(1)</script>', ip: '203.0.113.9', time: '2026-11-21T10:05:00.000Z', userAgent: 'Mozilla/5.0 "x" <b>' },
      });
      const mail = (await readOutbox(outboxDir, { to: 'mal@example.com' }))!;
      expect(mail.html).to.not.contain('<script>');
      expect(mail.html).to.contain('Hello, &lt;script&gt;alert(1)&lt;/script&gt;!');
      expect(mail.html).to.contain('Mozilla/5.0 &quot;x&quot; &lt;b&gt;');
      expect(mail.text).to.contain('Hello, <script>alert(1)</script>!');
      expect(mail.text).to.contain('IP address: 203.0.113.9');
      expect(mail.text).to.contain('Time: 21 November 2026 at 10:05 UTC');
    });

    it('refuses a recipient that is not one plain address (header injection)', async () => {
      let error: unknown;
      await mailer()
        .send({ to: 'a@example.com\r\nBcc: b@example.com', lang: 'en', template: 'passwordChanged', vars: {} })
        .catch((e: unknown) => (error = e));
      expect(error).to.be.instanceOf(Error);
      expect(await listOutbox(outboxDir)).to.have.length(0);
    });

    it('refuses a link to another site', async () => {
      let error: unknown;
      await mailer()
        .send({ to: 'a@example.com', lang: 'en', template: 'activation', vars: { link: 'https://evil.example/auth/x' } })
        .catch((e: unknown) => (error = e));
      expect((error as Error).message).to.match(/outside PUBLIC_URL/);
    });
  });
});
