import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Lang } from '../../../common/api';
import { deliveryAttributes } from './delivery';
import type { MailTemplate } from './templates';

/**
 * One mail waiting in the database outbox (table `mail_outbox`, migration 0009; ./outbox.ts sends
 * it). `varsSealed` is the template's variables as JSON sealed with secretBox (they may carry
 * link tokens), null once the mail is sent or given up.
 */
export class OutboxMail extends Model<InferAttributes<OutboxMail>, InferCreationAttributes<OutboxMail>> {
  declare id: CreationOptional<number>;
  declare to: string;
  declare lang: Lang;
  declare template: MailTemplate;
  declare varsSealed: string | null;
  /** Sending attempts made so far. */
  declare attempts: CreationOptional<number>;
  /** Not tried again before this. */
  declare nextAttemptAt: Date;
  /** A process is sending it until then (after that, another may). */
  declare lockedUntil: Date | null;
  declare sentAt: CreationOptional<Date | null>;
  /** Given up after the last attempt, or at once on a final refusal. */
  declare failedAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const bound = new WeakMap<Sequelize, typeof OutboxMail>();

/** The OutboxMail subclass bound to `sequelize`, the same one on every call (backend/models.ts registers it). */
export function initOutboxMail(sequelize: Sequelize): typeof OutboxMail {
  const existing = bound.get(sequelize);
  if (existing) return existing;
  class BoundOutboxMail extends OutboxMail {}
  BoundOutboxMail.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      to: { type: DataTypes.STRING(191), allowNull: false },
      lang: { type: DataTypes.STRING(8), allowNull: false },
      template: { type: DataTypes.STRING(32), allowNull: false },
      varsSealed: { type: DataTypes.TEXT, allowNull: true },
      ...deliveryAttributes(),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'OutboxMail', tableName: 'mail_outbox' },
  );
  bound.set(sequelize, BoundOutboxMail);
  return BoundOutboxMail;
}
