import { expect } from 'chai';
import { createMigrator } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

for (const site of testDatabaseSites()) {
  describe(`migration 0021-reward-ledger on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it("adds the reward's ledger status and release time with their index, and goes down cleanly", async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      const indexes = async () => ((await qi.showIndex('referral_rewards')) as { name: string }[]).map((index) => index.name);
      expect(Object.keys(await qi.describeTable('referral_rewards'))).to.include.members(['ledgerStatus', 'releaseAt']);
      expect(await indexes()).to.include('referral_rewards_release');
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0021-reward-ledger' });
      expect(Object.keys(await qi.describeTable('referral_rewards'))).not.to.include.members(['ledgerStatus', 'releaseAt']);
      expect(await indexes()).not.to.include('referral_rewards_release');
      expect(await indexes()).to.include('referral_rewards_order');
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0021-reward-ledger');
      expect(Object.keys(await qi.describeTable('referral_rewards'))).to.include('ledgerStatus');
    });
  });
}

describe('migration 0021-reward-ledger on MySQL', () => {
  noteSkippedMysql();
});
