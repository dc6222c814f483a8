import { DataTypes, type Sequelize } from 'sequelize';
import type { Lang } from '../../../common/api';
import { bindOutboxModel, OutboxRecord } from '../outbox/model';
import type { MailTemplate } from './templates';

/**
 * One mail waiting in the database outbox (table `mail_outbox`, migration 0009; ./outbox.ts sends
 * it). `varsSealed` is the template's variables as JSON sealed with secretBox (they may carry
 * link tokens), null once the mail is sent or given up.
 */
export class OutboxMail extends OutboxRecord<OutboxMail> {
  declare to: string;
  declare lang: Lang;
  declare template: MailTemplate;
  declare varsSealed: string | null;
}

/** The OutboxMail subclass bound to `sequelize`, the same one on every call (backend/models.ts registers it). */
export function initOutboxMail(sequelize: Sequelize): typeof OutboxMail {
  return bindOutboxModel(
    sequelize,
    OutboxMail,
    {
      to: { type: DataTypes.STRING(191), allowNull: false },
      lang: { type: DataTypes.STRING(8), allowNull: false },
      template: { type: DataTypes.STRING(32), allowNull: false },
      varsSealed: { type: DataTypes.TEXT, allowNull: true },
    },
    { modelName: 'OutboxMail', tableName: 'mail_outbox' },
  );
}
