import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SEED_ASSETS, SEED_DIRECTIONS } from '../../db/seeders/catalogue-data';
import { createDatabase } from '../platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites } from '../platform/db/testing/testDatabases';
import { initModels } from '../models';
import { runBackend } from '../test/process';

for (const site of testDatabaseSites()) {
  describe(`npm run cli -- db:seed on ${site.dialect}`, function () {
    this.timeout(120_000);
    let dataDir: string;
    let databaseUrl: string;

    beforeEach(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'exchanger-seed-'));
      databaseUrl = await site.create();
    });
    afterEach(async () => rm(dataDir, { recursive: true, force: true }));
    after(async () => site.dropAll());

    const cli = (args: string[]) =>
      runBackend('cli.ts', args, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, dataDir);

    async function counts(): Promise<[number, number]> {
      const db = createDatabase({ databaseUrl }, silentLogger);
      try {
        const { Asset, Direction } = initModels(db.sequelize);
        return [await Asset.count(), await Direction.count()];
      } finally {
        await db.close();
      }
    }

    it('migrates and seeds the demo catalogue once, then reports there is nothing to do', async () => {
      const first = cli(['db:seed']);
      expect(await first.exited(), first.stderr()).to.equal(0);
      expect(first.stdout()).to.include(`Seeded ${SEED_ASSETS.length} assets and ${SEED_DIRECTIONS.length} directions.`);
      const second = cli(['db:seed']);
      expect(await second.exited(), second.stderr()).to.equal(0);
      expect(second.stdout()).to.include('nothing seeded');
      expect(await counts()).to.deep.equal([SEED_ASSETS.length, SEED_DIRECTIONS.length]);
    });

    it('seeds the generated catalogue of 1,000 assets and 20,000 directions with --generated', async () => {
      const run = cli(['db:seed', '--generated']);
      expect(await run.exited(), run.stderr()).to.equal(0);
      expect(run.stdout()).to.include('Seeded 1000 assets and 20000 directions.');
      expect(await counts()).to.deep.equal([1000, 20000]);
    });

    it('refuses an option it does not know, seeding nothing', async () => {
      const run = cli(['db:seed', '--everything']);
      expect(await run.exited()).to.not.equal(0);
      expect(run.stderr()).to.include('db:seed does not know --everything');
    });
  });
}

describe('npm run cli -- db:seed on MySQL', () => {
  noteSkippedMysql();
});
