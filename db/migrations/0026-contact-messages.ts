import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The contacts form's messages (`contact_messages`, backend/contacts): read (readAt), answered
 * (answeredAt) and replied to by e-mail (reply) by staff.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('contact_messages', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    name: { type: DataTypes.STRING(64), allowNull: false },
    email: { type: DataTypes.STRING(254), allowNull: false },
    subject: { type: DataTypes.STRING(32), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: false },
    lang: { type: DataTypes.STRING(2), allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    readAt: { type: DataTypes.DATE, allowNull: true },
    answeredAt: { type: DataTypes.DATE, allowNull: true },
    answeredById: { type: DataTypes.INTEGER, allowNull: true },
    reply: { type: DataTypes.TEXT, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('contact_messages', ['readAt'], { name: 'contact_messages_read' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('contact_messages');
};
