import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { createMigrator, type Database } from '../../backend/platform/db';
import { noteSkippedMysql, silentLogger, testDatabaseSites, useMigratedTestDatabase } from '../../backend/platform/db/testing/testDatabases';
import { DEMO_CARD, DEMO_CASH_NOTE, DEMO_MEMOS, DEMO_WALLETS } from '../seeders/payment-details';

const NOW = "'2030-01-01 00:00:00'";

function insertAsset(db: Database, code: string, type: string, currency: string, network: string | null): Promise<unknown> {
  return db.sequelize.query(
    `INSERT INTO assets (code, name, type, currency, network, \`precision\`, icon, reserve, enabled, city, sortOrder, createdAt, updatedAt)
     VALUES ('${code}', '${code}', '${type}', '${currency}', ${network ? `'${network}'` : 'NULL'}, 2, 'x', '1', 1, NULL, 10, ${NOW}, ${NOW})`,
  );
}

async function tableExists(db: Database, table: string): Promise<boolean> {
  const tables = (await db.sequelize.getQueryInterface().showAllTables()).map((name) => (typeof name === 'string' ? name : String(Object.values(name)[0])));
  return tables.includes(table);
}

for (const site of testDatabaseSites()) {
  describe(`migration 0008-payment-details on ${site.dialect}`, function () {
    this.timeout(30_000);
    const database = useMigratedTestDatabase(site);

    it('gives every asset already in the catalogue the demo details its orders showed, and goes down cleanly', async () => {
      const db = database();
      const migrator = createMigrator(db.sequelize, silentLogger);
      await migrator.down({ to: '0008-payment-details' });
      expect(await tableExists(db, 'payment_details')).to.equal(false);
      await insertAsset(db, 'BTC', 'coin', 'BTC', null);
      await insertAsset(db, 'USDTTRC20', 'coin', 'USDT', 'TRC20');
      await insertAsset(db, 'XRP', 'coin', 'XRP', null);
      await insertAsset(db, 'SBERRUB', 'fiat', 'RUB', null);
      await insertAsset(db, 'CASHRUBMSK', 'cash', 'RUB', null);
      await migrator.up();
      const rows = await db.sequelize.query<{ assetCode: string; account: string; memo: string | null; note: string | null; enabled: number | boolean }>(
        'SELECT assetCode, account, memo, note, enabled FROM payment_details ORDER BY assetCode',
        { type: QueryTypes.SELECT },
      );
      expect(rows.map((row) => ({ ...row, enabled: Boolean(row.enabled) }))).to.deep.equal([
        { assetCode: 'BTC', account: DEMO_WALLETS.BTC, memo: null, note: null, enabled: true },
        { assetCode: 'CASHRUBMSK', account: 'CASHRUBMSK', memo: null, note: DEMO_CASH_NOTE, enabled: true },
        { assetCode: 'SBERRUB', account: DEMO_CARD.account, memo: null, note: DEMO_CARD.note, enabled: true },
        { assetCode: 'USDTTRC20', account: DEMO_WALLETS.TRC20, memo: null, note: null, enabled: true },
        // XRP's wallet with its destination tag.
        { assetCode: 'XRP', account: DEMO_WALLETS.XRP, memo: DEMO_MEMOS.XRP, note: null, enabled: true },
      ]);
      await migrator.down({ to: '0008-payment-details' });
      expect(await tableExists(db, 'payment_details')).to.equal(false);
      await migrator.up();
    });
  });
}

describe('migration 0008-payment-details on MySQL', () => {
  noteSkippedMysql();
});
