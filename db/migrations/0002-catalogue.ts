import { DataTypes } from 'sequelize';
import { moneyColumn } from '../../backend/platform/db/money';
import type { Migration } from '../../backend/platform/db/migrator';

/** Longest asset code: the monitoring convention plus a city for cash (`CASHRUBMSK`). */
const CODE = DataTypes.STRING(32);

/**
 * The catalogue: assets (currencies, bank cards, cash per city) and the directions between them.
 * Money (reserve, markup, limits) in money columns; list-valued settings of a direction as text
 * (`rateTypes` comma-separated, `extraFields`/`fees` JSON) read through the models.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('assets', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    code: { type: CODE, allowNull: false, unique: true },
    name: { type: DataTypes.STRING(128), allowNull: false },
    type: { type: DataTypes.STRING(8), allowNull: false },
    currency: { type: DataTypes.STRING(16), allowNull: false },
    network: { type: DataTypes.STRING(16), allowNull: true },
    precision: { type: DataTypes.INTEGER, allowNull: false },
    icon: { type: DataTypes.STRING(64), allowNull: false },
    reserve: moneyColumn(queryInterface, { defaultValue: '0' }),
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    city: { type: DataTypes.STRING(16), allowNull: true },
    sortOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('assets', ['type', 'sortOrder'], { name: 'assets_type_sort_order' });

  const assetCode = {
    type: CODE,
    allowNull: false,
    references: { model: 'assets', key: 'code' },
    onUpdate: 'CASCADE',
    onDelete: 'RESTRICT',
  };
  await queryInterface.createTable('directions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    fromCode: assetCode,
    toCode: assetCode,
    markup: moneyColumn(queryInterface),
    minAmount: moneyColumn(queryInterface),
    maxAmount: moneyColumn(queryInterface),
    rateTypes: { type: DataTypes.STRING(32), allowNull: false },
    fixedPeriodMinutes: { type: DataTypes.INTEGER, allowNull: false },
    manual: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    oneWay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    extraFields: { type: DataTypes.TEXT, allowNull: false },
    fees: { type: DataTypes.TEXT, allowNull: true },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('directions', ['fromCode', 'toCode'], { name: 'directions_pair', unique: true });
  await queryInterface.addIndex('directions', ['toCode'], { name: 'directions_to_code' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('directions');
  await queryInterface.dropTable('assets');
};
