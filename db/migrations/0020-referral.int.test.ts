import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableNames(db: Database): Promise<string[]> {
  return (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
}

const indexNames = async (db: Database, table: string) => ((await db.sequelize.getQueryInterface().showIndex(table)) as { name: string }[]).map((index) => index.name);

for (const site of testDatabaseSites()) {
  describe(`migration 0020-referral on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it('adds the referral columns, tables and indexes, and goes down cleanly', async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      expect(Object.keys(await qi.describeTable('users'))).to.include.members(['referralCode', 'referrerId', 'referralPercent']);
      expect(Object.keys(await qi.describeTable('orders'))).to.include.members(['referrerId', 'ipHash', 'profitUsdt', 'doneAt']);
      expect(await tableNames(db)).to.include.members(['referral_clicks', 'referral_rewards']);
      expect(await indexNames(db, 'users')).to.include.members(['users_referral_code', 'users_referrer']);
      expect(await indexNames(db, 'orders')).to.include.members(['orders_referrer', 'orders_user_done']);
      expect(await indexNames(db, 'referral_clicks')).to.include('referral_clicks_code');
      expect(await indexNames(db, 'referral_rewards')).to.include.members(['referral_rewards_order', 'referral_rewards_partner']);
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0020-referral' });
      expect(await tableNames(db)).not.to.include.members(['referral_clicks']);
      expect(Object.keys(await qi.describeTable('users'))).not.to.include('referralCode');
      expect(Object.keys(await qi.describeTable('orders'))).not.to.include('profitUsdt');
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0020-referral');
      expect(await tableNames(db)).to.include('referral_rewards');
    });
  });
}

describe('migration 0020-referral on MySQL', () => {
  noteSkippedMysql();
});
