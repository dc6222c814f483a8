import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableExists(db: Database, table: string): Promise<boolean> {
  const tables = (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
  return tables.includes(table);
}

for (const site of testDatabaseSites()) {
  describe(`migration 0017-requisites on ${site.dialect}`, function () {
    this.timeout(30_000);
    const database = useMigratedTestDatabase(site);

    it('creates the requisites table with its indexes and goes down cleanly', async () => {
      const db = database();
      const queryInterface = db.sequelize.getQueryInterface();
      const columns = await queryInterface.describeTable('requisites');
      expect(columns).to.include.keys('numberSealed', 'numberHash', 'masked', 'status', 'shared', 'photoKey', 'deletedAt', 'decidedById');
      const indexes = (await queryInterface.showIndex('requisites')) as Array<{ name: string }>;
      expect(indexes.map((index) => index.name)).to.include.members(['requisites_user', 'requisites_hash', 'requisites_review']);
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0017-requisites' });
      expect(await tableExists(db, 'requisites')).to.equal(false);
      await migrator.up();
      expect(await tableExists(db, 'requisites')).to.equal(true);
    });
  });
}

describe('migration 0017-requisites on MySQL', () => {
  noteSkippedMysql();
});
