import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableNames(db: Database): Promise<string[]> {
  return (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
}

for (const site of testDatabaseSites()) {
  describe(`migration 0009-mail-outbox on ${site.dialect}`, function () {
    this.timeout(30_000);
    const database = useMigratedTestDatabase(site);

    it('adds the mail outbox with the index of the worker’s pass, and goes down cleanly', async () => {
      const db = database();
      expect(await tableNames(db)).to.include('mail_outbox');
      const indexes = (await db.sequelize.getQueryInterface().showIndex('mail_outbox')) as { name: string }[];
      expect(indexes.map((index) => index.name)).to.include('mail_outbox_due');
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0009-mail-outbox' });
      expect(await tableNames(db)).not.to.include('mail_outbox');
      expect(await tableNames(db)).to.include('order_mails');
      // Going down to 0009 takes the later migrations down too; up applies them again, 0009 first.
      expect((await migrator.up()).map((migration) => migration.name)[0]).to.equal('0009-mail-outbox');
      expect(await tableNames(db)).to.include('mail_outbox');
    });
  });
}

describe('migration 0009-mail-outbox on MySQL', () => {
  noteSkippedMysql();
});
