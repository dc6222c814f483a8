import { expect } from 'chai';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';

async function tableNames(db: Database): Promise<string[]> {
  return (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
}

for (const site of testDatabaseSites()) {
  describe(`migration 0011-order-board on ${site.dialect}`, function () {
    this.timeout(60_000);
    const database = useMigratedTestDatabase(site);

    it('adds the board columns, tables and indexes, and goes down cleanly', async () => {
      const db = database();
      const qi = db.sequelize.getQueryInterface();
      expect(await tableNames(db)).to.include.members(['order_seen', 'order_notes']);
      expect(Object.keys(await qi.describeTable('orders'))).to.include.members(['assignedTo', 'assignedAt', 'escalatedAt', 'escalationReason', 'marketRate', 'receivedRate']);
      const indexes = ((await qi.showIndex('orders')) as { name: string }[]).map((index) => index.name);
      expect(indexes).to.include.members(['orders_board_status', 'orders_board_direction', 'orders_board_assigned', 'orders_board_email', 'orders_board_sender']);
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0011-order-board' });
      expect(await tableNames(db)).not.to.include('order_seen');
      expect(await tableNames(db)).not.to.include('order_notes');
      expect(Object.keys(await qi.describeTable('orders'))).not.to.include('assignedTo');
      expect((await migrator.up()).map((migration) => migration.name)[0]).to.equal('0011-order-board');
      expect(await tableNames(db)).to.include('order_notes');
    });
  });
}

describe('migration 0011-order-board on MySQL', () => {
  noteSkippedMysql();
});
