import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableNames(db: Database): Promise<string[]> {
  return (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
}

for (const site of testDatabaseSites()) {
  describe(`migration 0019-ledger on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it('adds the ledger and withdrawals tables with their unique keys, and goes down cleanly', async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      const tables = ['ledger_accounts', 'ledger_transactions', 'ledger_postings', 'withdrawals'];
      expect(await tableNames(db)).to.include.members(tables);
      expect(Object.keys(await qi.describeTable('ledger_postings'))).to.include.members(['transactionId', 'accountId', 'currency', 'amount']);
      const unique = async (table: string) => ((await qi.showIndex(table)) as { name: string; unique: boolean }[]).filter((index) => index.unique).map((index) => index.name);
      expect(await unique('ledger_accounts')).to.include('ledger_accounts_owner');
      expect(await unique('ledger_transactions')).to.include('ledger_transactions_key');
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0019-ledger' });
      expect(await tableNames(db)).not.to.include.members(['ledger_accounts']);
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0019-ledger');
      expect(await tableNames(db)).to.include.members(tables);
    });
  });
}

describe('migration 0019-ledger on MySQL', () => {
  noteSkippedMysql();
});
