import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runBackend } from './test/process';

describe('backend/cli.ts', function () {
  this.timeout(60_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-cli-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists its commands with --help and exits 0', async () => {
    const cli = runBackend('cli.ts', ['--help'], {}, dataDir);
    expect(await cli.exited()).to.equal(0);
    expect(cli.stdout()).to.include('db:migrate');
  });

  it('rejects an unknown command with a message and exit code 2', async () => {
    const cli = runBackend('cli.ts', ['db:explode'], {}, dataDir);
    expect(await cli.exited()).to.equal(2);
    expect(cli.stderr()).to.include('Unknown command: db:explode');
  });

  it('applies migrations to the configured database with db:migrate', async () => {
    const cli = runBackend('cli.ts', ['db:migrate'], { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }, dataDir);
    expect(await cli.exited(), cli.stderr()).to.equal(0);
    expect(cli.stdout()).to.include('Migrations are up to date');
    expect(existsSync(path.join(dataDir, 'app.sqlite'))).to.equal(true);
  });
});
