import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { TEST_PASSWORD, TestClient, uniqueEmail } from './testing';
import { runBackend } from '../test/process';
import { startTestServer } from '../test/server';

describe('npm run cli -- user:create', function () {
  this.timeout(90_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-user-cli-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function cliEnv(): Record<string, string> {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    };
  }

  it('creates an active operator who can sign in at once, and refuses the same email twice', async () => {
    const email = uniqueEmail('operator');
    const cli = runBackend('cli.ts', ['user:create', '--email', email, '--password', TEST_PASSWORD, '--role', 'operator'], cliEnv(), dataDir);
    expect(await cli.exited(), cli.stderr()).to.equal(0);
    expect(cli.stdout()).to.match(new RegExp(`Created operator ${email} \\(id \\d+\\)`));

    const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL || `sqlite:${path.join(dataDir, 'app.sqlite')}` });
    try {
      const browser = new TestClient(server.url);
      const response = await browser.signIn(email, TEST_PASSWORD);
      expect(response.status).to.equal(200);
      expect(response.body.data).to.include({ email, role: 'operator' });
    } finally {
      await server.close().catch(() => undefined);
    }

    const again = runBackend('cli.ts', ['user:create', '--email', email, '--password', TEST_PASSWORD, '--role', 'operator'], cliEnv(), dataDir);
    expect(await again.exited()).to.not.equal(0);
    expect(again.stderr()).to.include('already exists');
  });

  it('refuses an unknown role', async () => {
    const cli = runBackend('cli.ts', ['user:create', '--email', uniqueEmail(), '--password', TEST_PASSWORD, '--role', 'root'], cliEnv(), dataDir);
    expect(await cli.exited()).to.not.equal(0);
    expect(cli.stderr()).to.include('--role must be user, operator or admin');
  });

  it('lets an operator lift a block early with user:unblock, after which the user signs in again', async () => {
    const email = uniqueEmail('blocked');
    const create = runBackend('cli.ts', ['user:create', '--email', email, '--password', TEST_PASSWORD], cliEnv(), dataDir);
    expect(await create.exited(), create.stderr()).to.equal(0);

    const server = await startTestServer({ DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL || `sqlite:${path.join(dataDir, 'app.sqlite')}` });
    try {
      const browser = new TestClient(server.url);
      expect((await browser.signIn(email, TEST_PASSWORD)).status).to.equal(200);
      expect((await browser.post('/user/profile/block')).status).to.equal(200);
      const blocked = await new TestClient(server.url).signIn(email, TEST_PASSWORD);
      expect(blocked.body.error?.code).to.equal('account_blocked');

      const unblock = runBackend('cli.ts', ['user:unblock', '--email', email.toUpperCase()], cliEnv(), dataDir);
      expect(await unblock.exited(), unblock.stderr()).to.equal(0);
      expect(unblock.stdout()).to.include(`Unblocked ${email.toUpperCase()}`);
      expect((await new TestClient(server.url).signIn(email, TEST_PASSWORD)).status).to.equal(200);

      const again = runBackend('cli.ts', ['user:unblock', '--email', email], cliEnv(), dataDir);
      expect(await again.exited()).to.not.equal(0);
      expect(again.stderr()).to.include('No blocked account');
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
