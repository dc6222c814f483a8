import { expect } from 'chai';
import { createMigrator } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

for (const site of testDatabaseSites()) {
  describe(`migration 0023-api-orders on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it("adds the orders' API key, external id (unique per key) and callback, and goes down cleanly", async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      const indexes = async () => ((await qi.showIndex('orders')) as { name: string }[]).map((index) => index.name);
      const before = await indexes();
      expect(Object.keys(await qi.describeTable('orders'))).to.include.members(['apiKeyId', 'externalId', 'callbackUrl']);
      expect(before).to.include('orders_api_external');
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0023-api-orders' });
      expect(Object.keys(await qi.describeTable('orders'))).not.to.include.members(['apiKeyId', 'externalId', 'callbackUrl']);
      expect(await indexes()).to.have.members(before.filter((name) => name !== 'orders_api_external'));
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0023-api-orders');
      expect(await indexes()).to.include('orders_api_external');
    });
  });
}

describe('migration 0023-api-orders on MySQL', () => {
  noteSkippedMysql();
});
