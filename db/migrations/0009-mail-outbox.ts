import { DataTypes } from 'sequelize';
import type { Migration } from '../../backend/platform/db/migrator';

/**
 * The database mail outbox (`mail_outbox`, backend/platform/mail/outbox.ts): a mail is written in
 * the transaction of the change it tells about and sent after the commit; a row not sent (the
 * process died, SMTP was down) is retried by the worker with a growing delay until it is sent or
 * given up (`failedAt`). `lockedUntil` marks the process sending it; `varsSealed` is the template's
 * variables sealed with secretBox (links carry raw tokens), emptied once sent or given up.
 */
export const up: Migration = async ({ context: queryInterface }) => {
  await queryInterface.createTable('mail_outbox', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    to: { type: DataTypes.STRING(191), allowNull: false },
    lang: { type: DataTypes.STRING(8), allowNull: false },
    template: { type: DataTypes.STRING(32), allowNull: false },
    varsSealed: { type: DataTypes.TEXT, allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false },
    lockedUntil: { type: DataTypes.DATE, allowNull: true },
    sentAt: { type: DataTypes.DATE, allowNull: true },
    failedAt: { type: DataTypes.DATE, allowNull: true },
    lastError: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  });
  // The worker's pass: not sent, not given up, due.
  await queryInterface.addIndex('mail_outbox', ['sentAt', 'failedAt', 'nextAttemptAt'], { name: 'mail_outbox_due' });
};

export const down: Migration = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('mail_outbox');
};
