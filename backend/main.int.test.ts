import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runBackend, type BackendProcess } from './test/process';
import { testStaticDir } from './test/server';

describe('backend/main.ts', function () {
  this.timeout(60_000);
  let dataDir: string;
  let running: BackendProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-main-'));
  });

  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited();
    }
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  function env(overrides: Record<string, string>): Record<string, string> {
    return { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, STATIC_DIR: testStaticDir(), ...overrides };
  }

  it('stops with exit code 1 and a message naming the variable when the configuration is invalid', async () => {
    running = runBackend('main.ts', [], env({ PORT: 'eighty' }), dataDir);
    expect(await running.exited()).to.equal(1);
    expect(running.stderr()).to.include('PORT');
    expect(running.stderr()).not.to.match(/^\s+at /m);
  });

  it('serves HTTP with ROLE=web and exits 0 on SIGTERM', async () => {
    running = runBackend('main.ts', [], env({ ROLE: 'web' }), dataDir);
    const listening = await running.waitForLog((line) => line.msg === 'web server listening');
    const response = await fetch(`http://127.0.0.1:${listening.port}/api/health`);
    expect(response.status).to.equal(200);
    running.child.kill('SIGTERM');
    expect(await running.exited()).to.equal(0);
  });

  it('runs the web server and the leading worker in one process with ROLE=all and exits 0 on SIGINT', async () => {
    running = runBackend('main.ts', [], env({ ROLE: 'all' }), dataDir);
    await running.waitForLog((line) => line.msg === 'web server listening');
    await running.waitForLog((line) => line.msg === 'worker leadership acquired');
    running.child.kill('SIGINT');
    expect(await running.exited()).to.equal(0);
  });

  it('runs only the worker with ROLE=worker and exits 0 on SIGTERM', async () => {
    running = runBackend('main.ts', [], env({ ROLE: 'worker' }), dataDir);
    await running.waitForLog((line) => line.msg === 'worker leadership acquired');
    expect(running.stdout()).not.to.include('web server listening');
    running.child.kill('SIGTERM');
    expect(await running.exited()).to.equal(0);
  });
});
