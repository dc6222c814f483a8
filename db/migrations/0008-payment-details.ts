import { DataTypes, QueryTypes } from 'sequelize';
import type { AssetType } from '../../common/enums';
import type { Migration } from '../../backend/platform/db/migrator';
import { demoPaymentDetailRow } from '../seeders/payment-details';

/**
 * Where customers pay, one row per asset they send (`payment_details`): wallet address, card
 * number or office, with the memo/tag and a note (card holder, office hours). Until now these
 * were demo constants in code; the assets already in the catalogue get exactly the demo details
 * they showed, so no existing order changes. A disabled or missing row shows no details.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('payment_details', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    assetCode: {
      type: DataTypes.STRING(32),
      allowNull: false,
      unique: true,
      references: { model: 'assets', key: 'code' },
      onUpdate: 'CASCADE',
      onDelete: 'CASCADE',
    },
    account: { type: DataTypes.STRING(255), allowNull: false },
    memo: { type: DataTypes.STRING(64), allowNull: true },
    note: { type: DataTypes.STRING(255), allowNull: true },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  const assets = await queryInterface.sequelize.query<{ code: string; type: AssetType; currency: string; network: string | null }>(
    'SELECT code, type, currency, network FROM assets ORDER BY id',
    { type: QueryTypes.SELECT },
  );
  if (assets.length === 0) return;
  const now = new Date();
  await queryInterface.bulkInsert(
    'payment_details',
    assets.map((asset) => ({ ...demoPaymentDetailRow(asset), enabled: true, createdAt: now, updatedAt: now })),
  );
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('payment_details');
};
