import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';
import { CONTENT_SEED, TERMS_SEED } from '../seeders/content';
import { longText } from '../../backend/content/models/ContentPage';

/**
 * Content pages (issue 16, backend/content): `content_pages` (one row per page and language:
 * title, description, Markdown body), `terms_versions` (the terms of use, versioned: both
 * languages, in force from `publishedAt`), and the version each account and order accepted
 * (`users.termsVersion`, `orders.termsVersion`; null: before versioning). Seeds every page in
 * Russian and English and the terms' version 1 (db/seeders/content).
 */
export const up: Migration = async ({ context: queryInterface }) => {
  const text = longText(queryInterface.sequelize);
  await queryInterface.createTable('content_pages', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    key: { type: DataTypes.STRING(32), allowNull: false },
    lang: { type: DataTypes.STRING(2), allowNull: false },
    title: { type: DataTypes.STRING(200), allowNull: false },
    description: { type: DataTypes.STRING(300), allowNull: false },
    body: { type: text, allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('content_pages', ['key', 'lang'], { name: 'content_pages_key_lang', unique: true });
  await queryInterface.createTable('terms_versions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    version: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    bodyRu: { type: text, allowNull: false },
    bodyEn: { type: text, allowNull: false },
    publishedAt: { type: DataTypes.DATE, allowNull: false },
    createdById: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('terms_versions', ['publishedAt'], { name: 'terms_versions_published' });
  await queryInterface.addColumn('users', 'termsVersion', { type: DataTypes.INTEGER, allowNull: true });
  await queryInterface.addColumn('orders', 'termsVersion', { type: DataTypes.INTEGER, allowNull: true });

  const now = new Date();
  const rows = Object.entries(CONTENT_SEED).flatMap(([key, byLang]) =>
    Object.entries(byLang).map(([lang, texts]) => ({ key, lang, ...texts, createdAt: now, updatedAt: now })),
  );
  await queryInterface.bulkInsert('content_pages', rows);
  await queryInterface.bulkInsert('terms_versions', [
    { version: 1, bodyRu: TERMS_SEED.ru, bodyEn: TERMS_SEED.en, publishedAt: now, createdById: null, createdAt: now, updatedAt: now },
  ]);
};

export const down: Migration = async ({ context: queryInterface }) => {
  for (const table of ['orders', 'users']) {
    // SQLite: DROP COLUMN in place (as 0012): Sequelize's removeColumn rebuilds the table and loses its indexes.
    if (queryInterface.sequelize.getDialect() === 'sqlite') await queryInterface.sequelize.query(`ALTER TABLE \`${table}\` DROP COLUMN \`termsVersion\``);
    else await queryInterface.removeColumn(table, 'termsVersion');
  }
  await queryInterface.dropTable('terms_versions');
  await queryInterface.dropTable('content_pages');
};
