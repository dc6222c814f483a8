import { DataTypes, QueryTypes } from 'sequelize';
import type { AssetType } from '../../common/enums';
import type { Migration } from '../../backend/platform/db/migrator';
import { demoPaymentDetailRow } from '../seeders/payment-details';

/**
 * Payment details edited by admins (issue 12): several rows per asset, used in rotation (least
 * recently used: `lastUsedAt`, `useCount`), soft-deleted (`deletedAt`: an order keeps the row it
 * was given, `orders.paymentDetailId`), the card holder apart (`holder`), and demo rows told
 * apart (`demo`): the rows still equal to what the demo seeding gave their asset are demo rows.
 * The one-row-per-asset unique index goes (SQLite: the table is rebuilt, its only way).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  const sequelize = queryInterface.sequelize;
  const dialect = sequelize.getDialect();
  if (dialect === 'sqlite') {
    await sequelize.query(`CREATE TABLE payment_details_0013 (
      id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
      assetCode VARCHAR(32) NOT NULL REFERENCES assets (code) ON DELETE CASCADE ON UPDATE CASCADE,
      account VARCHAR(255) NOT NULL,
      memo VARCHAR(64),
      note VARCHAR(255),
      enabled TINYINT(1) NOT NULL DEFAULT 1,
      createdAt DATETIME NOT NULL,
      updatedAt DATETIME NOT NULL)`);
    await sequelize.query(
      'INSERT INTO payment_details_0013 (id, assetCode, account, memo, note, enabled, createdAt, updatedAt) SELECT id, assetCode, account, memo, note, enabled, createdAt, updatedAt FROM payment_details',
    );
    await sequelize.query('DROP TABLE payment_details');
    await sequelize.query('ALTER TABLE payment_details_0013 RENAME TO payment_details');
    await queryInterface.addIndex('payment_details', ['assetCode'], { name: 'payment_details_asset' });
  } else {
    // MySQL DDL is not transactional: each step checks first, so a run cut short can run again.
    // The foreign key needs an index on assetCode: the plain one comes before the unique one goes.
    const uniqueOnAsset = await sequelize.query<{ Key_name: string; Non_unique: number | string }>(
      "SHOW INDEX FROM payment_details WHERE Column_name = 'assetCode'",
      { type: QueryTypes.SELECT },
    );
    if (!uniqueOnAsset.some((index) => index.Key_name === 'payment_details_asset')) {
      await queryInterface.addIndex('payment_details', ['assetCode'], { name: 'payment_details_asset' });
    }
    for (const index of uniqueOnAsset) {
      if (Number(index.Non_unique) === 0 && index.Key_name !== 'PRIMARY' && index.Key_name !== 'payment_details_asset') {
        await queryInterface.removeIndex('payment_details', index.Key_name);
      }
    }
  }
  const details = await queryInterface.describeTable('payment_details');
  const addDetailColumn = async (name: string, spec: Parameters<typeof queryInterface.addColumn>[2]) => {
    if (!(name in details)) await queryInterface.addColumn('payment_details', name, spec);
  };
  await addDetailColumn('holder', { type: DataTypes.STRING(64), allowNull: true });
  await addDetailColumn('demo', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await addDetailColumn('lastUsedAt', { type: DataTypes.DATE, allowNull: true });
  await addDetailColumn('useCount', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  await addDetailColumn('deletedAt', { type: DataTypes.DATE, allowNull: true });
  if (!('paymentDetailId' in (await queryInterface.describeTable('orders')))) {
    await queryInterface.addColumn('orders', 'paymentDetailId', { type: DataTypes.INTEGER, allowNull: true });
  }

  const rows = await sequelize.query<{ id: number; account: string; memo: string | null; note: string | null; code: string; type: AssetType; currency: string; network: string | null }>(
    'SELECT p.id, p.account, p.memo, p.note, a.code, a.type, a.currency, a.network FROM payment_details p JOIN assets a ON a.code = p.assetCode',
    { type: QueryTypes.SELECT },
  );
  const demoIds = rows
    .filter((row) => {
      const demo = demoPaymentDetailRow(row);
      return demo.account === row.account && (demo.memo ?? null) === (row.memo ?? null) && (demo.note ?? null) === (row.note ?? null);
    })
    .map((row) => row.id);
  for (let start = 0; start < demoIds.length; start += 500) {
    await queryInterface.bulkUpdate('payment_details', { demo: true }, { id: demoIds.slice(start, start + 500) });
  }
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.removeColumn('orders', 'paymentDetailId');
  for (const column of ['holder', 'demo', 'lastUsedAt', 'useCount', 'deletedAt']) await queryInterface.removeColumn('payment_details', column);
};
