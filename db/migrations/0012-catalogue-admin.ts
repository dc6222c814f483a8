import { DataTypes } from 'sequelize';
import { moneyColumn } from '../../backend/platform/db/money';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Admin configuration of the catalogue (issue 12): an asset's reserve is either `computed` (the
 * stored balance that paid-out orders draw down, as before) or `manual` (the figure an admin
 * set, `reserveManual`, published instead); a manual direction may have working hours
 * (`directions.schedule`, JSON of common/schedule.ts, null = always open).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('assets', 'reserveMode', { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'computed' });
  await queryInterface.addColumn('assets', 'reserveManual', moneyColumn(queryInterface, { allowNull: true }));
  await queryInterface.addColumn('directions', 'schedule', { type: DataTypes.TEXT, allowNull: true });
};

export const down: Migration = async ({ context: queryInterface }) => {
  const drops: Array<[string, string]> = [
    ['directions', 'schedule'],
    ['assets', 'reserveManual'],
    ['assets', 'reserveMode'],
  ];
  for (const [table, column] of drops) {
    // SQLite: ALTER TABLE … DROP COLUMN in place. Sequelize's removeColumn rebuilds the table, and
    // dropping `assets` for the rebuild breaks the directions' foreign keys to it.
    if (queryInterface.sequelize.getDialect() === 'sqlite') await queryInterface.sequelize.query(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``);
    else await queryInterface.removeColumn(table, column);
  }
};
