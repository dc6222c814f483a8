import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * Customers' reviews (`customer_reviews`, backend/reviews): one per done order (unique orderId),
 * pending until staff publish or reject it; a staff reply shown under it.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('customer_reviews', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    orderId: { type: DataTypes.INTEGER, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    name: { type: DataTypes.STRING(64), allowNull: false },
    rating: { type: DataTypes.INTEGER, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    lang: { type: DataTypes.STRING(2), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false },
    decidedById: { type: DataTypes.INTEGER, allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    reply: { type: DataTypes.TEXT, allowNull: true },
    repliedById: { type: DataTypes.INTEGER, allowNull: true },
    repliedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('customer_reviews', ['orderId'], { name: 'customer_reviews_order', unique: true });
  await queryInterface.addIndex('customer_reviews', ['status', 'lang', 'rating', 'id'], { name: 'customer_reviews_status_lang_rating' });
  await queryInterface.addIndex('customer_reviews', ['status', 'rating', 'id'], { name: 'customer_reviews_status_rating' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('customer_reviews');
};
