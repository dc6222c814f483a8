import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Blog posts (backend/blog): one row a post with its Russian and English versions side by side
 * (an empty title and body: that version is missing), the Markdown bodies as written (rendered by
 * common/markdown.ts when read), the cover's key under the upload directory (`blog/<hex>.<ext>`,
 * public) and its alt text per language. `publishedAt` ahead of now: scheduled.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  const body = queryInterface.sequelize.getDialect() === 'mysql' ? DataTypes.TEXT('medium') : DataTypes.TEXT;
  await queryInterface.createTable('blog_posts', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    slug: { type: DataTypes.STRING(100), allowNull: false, unique: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'draft' },
    publishedAt: { type: DataTypes.DATE, allowNull: true },
    titleRu: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    titleEn: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    descriptionRu: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
    descriptionEn: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
    bodyRu: { type: body, allowNull: false },
    bodyEn: { type: body, allowNull: false },
    imageKey: { type: DataTypes.STRING(64), allowNull: true },
    imageAltRu: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    imageAltEn: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    createdById: { type: DataTypes.INTEGER, allowNull: true },
    updatedById: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('blog_posts', ['status', 'publishedAt', 'id'], { name: 'blog_posts_public' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('blog_posts');
};
