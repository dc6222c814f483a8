import { expect } from 'chai';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDirection, buildOrder } from '../../orders/testing';
import { startTestServer } from '../../test/server';
import { createDatabase } from './index';
import { silentLogger } from './testing/testDatabases';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('SQLite files are readable by their owner only', function () {
  this.timeout(30_000);

  it('creates the database, its -wal and -shm files 0600 on a fresh start', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-files-'));
    const file = path.join(dir, 'db', 'app.sqlite');
    const server = await startTestServer({ DATABASE_URL: `sqlite:${file}` });
    try {
      await buildOrder(server, { direction: await buildDirection(server) });
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(name), name).to.equal(true);
        expect(modeOf(name).toString(8), name).to.equal('600');
      }
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('narrows database files an earlier start left 0644', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-files-'));
    const file = path.join(dir, 'app.sqlite');
    try {
      const first = createDatabase({ databaseUrl: `sqlite:${file}` }, silentLogger);
      await first.migrate();
      await first.close();
      chmodSync(file, 0o644);
      const again = createDatabase({ databaseUrl: `sqlite:${file}` }, silentLogger);
      expect(modeOf(file).toString(8)).to.equal('600');
      await again.ping();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
