import { DataTypes, type Sequelize } from 'sequelize';
import { bindOutboxModel, OutboxRecord } from '../platform/outbox/model';
import type { AlertKind } from './texts';

/**
 * One staff alert waiting in the outbox (table `alert_outbox`, migration 0015; ./outbox.ts sends
 * it). `text` is final (rendered when the change was written); no token or chat id is stored.
 */
export class AlertOutbox extends OutboxRecord<AlertOutbox> {
  declare kind: AlertKind;
  declare text: string;
}

/** The AlertOutbox subclass bound to `sequelize`, the same one on every call (backend/models.ts registers it). */
export function initAlertOutbox(sequelize: Sequelize): typeof AlertOutbox {
  return bindOutboxModel(
    sequelize,
    AlertOutbox,
    { kind: { type: DataTypes.STRING(32), allowNull: false }, text: { type: DataTypes.TEXT, allowNull: false } },
    { modelName: 'AlertOutbox', tableName: 'alert_outbox' },
  );
}
