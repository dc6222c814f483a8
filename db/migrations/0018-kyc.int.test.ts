import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableNames(db: Database): Promise<string[]> {
  return (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
}

for (const site of testDatabaseSites()) {
  describe(`migration 0018-kyc on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it('adds the submissions table with its indexes, and goes down cleanly', async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      expect(await tableNames(db)).to.include('kyc_submissions');
      expect(Object.keys(await qi.describeTable('kyc_submissions'))).to.include.members([
        'userId', 'documentKey', 'selfieKey', 'status', 'reason', 'final', 'decidedById', 'decidedAt', 'filesDeletedAt',
      ]);
      const indexes = ((await qi.showIndex('kyc_submissions')) as { name: string }[]).map((index) => index.name);
      expect(indexes).to.include.members(['kyc_submissions_queue', 'kyc_submissions_user', 'kyc_submissions_retention']);
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0018-kyc' });
      expect(await tableNames(db)).not.to.include('kyc_submissions');
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0018-kyc');
      expect(await tableNames(db)).to.include('kyc_submissions');
    });
  });
}

describe('migration 0018-kyc on MySQL', () => {
  noteSkippedMysql();
});
