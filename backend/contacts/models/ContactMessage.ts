import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import type { Lang } from '../../../common/api';
import { CONTACT_SUBJECTS, type ContactSubject } from '../../../common/contacts';

/** A message of the contacts form (table `contact_messages`, migration 0026). */
export class ContactMessage extends Model<InferAttributes<ContactMessage>, InferCreationAttributes<ContactMessage>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare email: string;
  declare subject: ContactSubject;
  declare message: string;
  declare lang: Lang;
  declare userId: number | null;
  declare readAt: CreationOptional<Date | null>;
  declare answeredAt: CreationOptional<Date | null>;
  declare answeredById: CreationOptional<number | null>;
  declare reply: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initContactMessage(sequelize: Sequelize): typeof ContactMessage {
  class BoundContactMessage extends ContactMessage {}
  BoundContactMessage.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(64), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      subject: { type: DataTypes.STRING(32), allowNull: false, validate: { isIn: [[...CONTACT_SUBJECTS]] } },
      message: { type: DataTypes.TEXT, allowNull: false },
      lang: { type: DataTypes.STRING(2), allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      readAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      answeredAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
      answeredById: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      reply: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, modelName: 'ContactMessage', tableName: 'contact_messages' },
  );
  return BoundContactMessage;
}
