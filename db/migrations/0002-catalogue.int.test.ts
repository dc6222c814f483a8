import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createMigrator, MIGRATIONS_TABLE, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, openTestDatabase, silentLogger, testDatabaseSites } from '../../backend/platform/db/testing/testDatabases';

const NOW = "'2030-01-01 00:00:00'";

function insertAsset(db: Database, code: string): Promise<unknown> {
  return db.sequelize.query(
    `INSERT INTO assets (code, name, type, currency, network, \`precision\`, icon, reserve, enabled, city, sortOrder, createdAt, updatedAt)
     VALUES ('${code}', '${code}', 'coin', '${code}', NULL, 8, 'x', '1.5', 1, NULL, 10, ${NOW}, ${NOW})`,
  );
}

function insertDirection(db: Database, from: string, to: string): Promise<unknown> {
  return db.sequelize.query(
    `INSERT INTO directions (fromCode, toCode, markup, minAmount, maxAmount, rateTypes, fixedPeriodMinutes, manual, oneWay, extraFields, fees, enabled, createdAt, updatedAt)
     VALUES ('${from}', '${to}', '1', '0.1', '10', 'fixed', 20, 0, 0, '[]', NULL, 1, ${NOW}, ${NOW})`,
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to be refused');
}

async function tables(db: Database): Promise<string[]> {
  const names = (await db.sequelize.getQueryInterface().showAllTables()) as unknown[];
  return names.map((name) => (typeof name === 'string' ? name : (name as { tableName: string }).tableName)).sort();
}

for (const site of testDatabaseSites()) {
  describe(`migration 0002-catalogue on ${site.dialect}`, function () {
    this.timeout(30_000);
    let db: Database;

    beforeEach(async () => {
      db = await openTestDatabase(site);
      await db.migrate();
    });
    afterEach(async () => db.close());
    after(async () => site.dropAll());

    // The columns after every migration: 0002's, 0007's nameRu, 0012's reserveMode, reserveManual and schedule.
    it('creates the assets table with the catalogue columns', async () => {
      const columns = await db.sequelize.getQueryInterface().describeTable('assets');
      expect(Object.keys(columns).sort()).to.deep.equal(
        ['city', 'code', 'createdAt', 'currency', 'enabled', 'icon', 'id', 'name', 'nameRu', 'network', 'precision', 'reserve', 'reserveManual', 'reserveMode', 'sortOrder', 'type', 'updatedAt'],
      );
      expect(columns.reserve.type).to.equal(site.dialect === 'mysql' ? 'DECIMAL(36,18)' : 'TEXT');
    });

    it('creates the directions table with the direction columns', async () => {
      const columns = await db.sequelize.getQueryInterface().describeTable('directions');
      expect(Object.keys(columns).sort()).to.deep.equal([
        'createdAt', 'enabled', 'extraFields', 'fees', 'fixedPeriodMinutes', 'fromCode', 'id', 'manual', 'markup', 'maxAmount',
        'minAmount', 'oneWay', 'rateTypes', 'schedule', 'toCode', 'updatedAt',
      ]);
      for (const money of ['markup', 'minAmount', 'maxAmount']) {
        expect(columns[money].type, money).to.equal(site.dialect === 'mysql' ? 'DECIMAL(36,18)' : 'TEXT');
      }
    });

    it('refuses a second asset with the same code', async () => {
      await insertAsset(db, 'BTC');
      expect(await failure(insertAsset(db, 'BTC'))).to.be.instanceOf(Error);
    });

    it('refuses a second direction for the same pair', async () => {
      await insertAsset(db, 'BTC');
      await insertAsset(db, 'ETH');
      await insertDirection(db, 'BTC', 'ETH');
      expect(await failure(insertDirection(db, 'BTC', 'ETH'))).to.be.instanceOf(Error);
      await insertDirection(db, 'ETH', 'BTC');
    });

    it('refuses a direction naming an asset that does not exist', async () => {
      await insertAsset(db, 'BTC');
      expect(await failure(insertDirection(db, 'BTC', 'NOPE'))).to.be.instanceOf(Error);
      const [row] = await db.sequelize.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM directions', { type: QueryTypes.SELECT });
      expect(Number(row.n)).to.equal(0);
    });

    it('refuses to delete an asset that directions use', async () => {
      await insertAsset(db, 'BTC');
      await insertAsset(db, 'ETH');
      await insertDirection(db, 'BTC', 'ETH');
      expect(await failure(db.sequelize.query("DELETE FROM assets WHERE code = 'ETH'"))).to.be.instanceOf(Error);
    });

    it('reverts to the state before it and applies again', async () => {
      await insertAsset(db, 'BTC');
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0002-catalogue' });
      const afterDown = await tables(db);
      expect(afterDown).to.include('settings');
      expect(afterDown).not.to.include('assets');
      expect(afterDown).not.to.include('directions');
      const applied = await db.sequelize.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`, { type: QueryTypes.SELECT });
      expect(applied.map((row) => row.name)).not.to.include('0002-catalogue');
      expect((await migrator.up()).map((migration) => migration.name)).to.include('0002-catalogue');
      await insertAsset(db, 'BTC');
    });
  });
}

describe('migration 0002-catalogue on MySQL', () => {
  noteSkippedMysql();
});
