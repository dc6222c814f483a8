import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { QueryTypes } from 'sequelize';
import { createDatabase, createMigrator, MIGRATIONS_DIR, MIGRATIONS_TABLE, type Database } from './index';
import { noteSkippedMysql, openTestDatabase, silentLogger, testDatabaseSites } from './testing/testDatabases';

/** Every migration file, by the name recorded once it is applied. */
const MIGRATION_NAMES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

async function appliedNames(db: Database): Promise<string[]> {
  const rows = await db.sequelize.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`, {
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => row.name);
}

for (const site of testDatabaseSites()) {
  describe(`migrations on ${site.dialect}`, function () {
    this.timeout(30_000);
    const opened: Database[] = [];
    const open = async () => {
      const db = await openTestDatabase(site);
      opened.push(db);
      return db;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((db) => db.close()));
    });
    after(async () => site.dropAll());

    it('applies every file of db/migrations in name order on an empty database', async () => {
      const db = await open();
      expect(await db.migrate()).to.deep.equal(MIGRATION_NAMES);
      expect(await appliedNames(db)).to.deep.equal(MIGRATION_NAMES);
    });

    it('applies nothing the second time', async () => {
      const db = await open();
      await db.migrate();
      expect(await db.migrate()).to.deep.equal([]);
      expect(await appliedNames(db)).to.deep.equal(MIGRATION_NAMES);
    });

    it('creates the settings table keyed by a string', async () => {
      const db = await open();
      await db.migrate();
      const columns = await db.sequelize.getQueryInterface().describeTable('settings');
      expect(Object.keys(columns).sort()).to.deep.equal(['createdAt', 'key', 'updatedAt', 'value']);
      expect(columns.key.primaryKey).to.equal(true);
      await db.sequelize.query("INSERT INTO settings (`key`, value, createdAt, updatedAt) VALUES ('motd', 'hi', '2030-01-01', '2030-01-01')");
      let duplicate: unknown;
      await db.sequelize
        .query("INSERT INTO settings (`key`, value, createdAt, updatedAt) VALUES ('motd', 'again', '2030-01-01', '2030-01-01')")
        .catch((error: unknown) => (duplicate = error));
      expect(duplicate).to.be.instanceOf(Error);
    });

    it('reverts every migration and applies them again', async () => {
      const db = await open();
      await db.migrate();
      await createMigrator(db.sequelize, silentLogger).down({ to: 0 });
      expect(await appliedNames(db)).to.deep.equal([]);
      expect(await db.migrate()).to.deep.equal(MIGRATION_NAMES);
    });

    if (site.dialect === 'sqlite') {
      it('switches the SQLite file to WAL so reads proceed during a write', async () => {
        const db = await open();
        await db.migrate();
        const [row] = await db.sequelize.query<{ journal_mode: string }>('PRAGMA journal_mode', { type: QueryTypes.SELECT });
        expect(row.journal_mode).to.equal('wal');
      });
    }

    if (site.dialect === 'mysql') {
      it('runs each migration once when several processes migrate at the same moment', async () => {
        const first = await open();
        const databaseUrl = first.sequelize.config.database;
        const others = Array.from({ length: 3 }, () =>
          createDatabase({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, databaseUrl) }, silentLogger),
        );
        opened.push(...others);
        const applied = await Promise.all([first, ...others].map((db) => db.migrate()));
        expect(applied.flat().sort()).to.deep.equal(MIGRATION_NAMES);
        expect(await appliedNames(first)).to.deep.equal(MIGRATION_NAMES);
      });
    }
  });
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

describe('migrations on MySQL', () => {
  noteSkippedMysql();
});
