import { DataTypes, type Sequelize } from 'sequelize';
import { bindOutboxModel, OutboxRecord } from '../../platform/outbox/model';

/**
 * One webhook waiting in (or done with) the outbox (table `webhook_outbox`, migration 0024;
 * ./outbox.ts sends it). `payload` is the order as the partner API presented it when the change
 * was written (JSON, final); the body adds `eventId`, `event` and the send time.
 */
export class WebhookOutbox extends OutboxRecord<WebhookOutbox> {
  declare apiKeyId: number;
  declare orderId: number;
  declare orderUid: string;
  /** `ord_<uid>_v<version>`: one per change of the order; the receiver de-duplicates on it. */
  declare eventId: string;
  declare event: 'order.status';
  declare payload: string;
  /** The receiver's last HTTP status (null: no answer yet, or none). */
  declare lastStatus: number | null;
}

/** The WebhookOutbox subclass bound to `sequelize`, the same one on every call (backend/models.ts registers it). */
export function initWebhookOutbox(sequelize: Sequelize): typeof WebhookOutbox {
  return bindOutboxModel(
    sequelize,
    WebhookOutbox,
    {
      apiKeyId: { type: DataTypes.INTEGER, allowNull: false },
      orderId: { type: DataTypes.INTEGER, allowNull: false },
      orderUid: { type: DataTypes.STRING(32), allowNull: false },
      eventId: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      event: { type: DataTypes.STRING(32), allowNull: false },
      payload: { type: DataTypes.TEXT, allowNull: false },
      lastStatus: { type: DataTypes.INTEGER, allowNull: true },
    },
    { modelName: 'WebhookOutbox', tableName: 'webhook_outbox' },
  );
}
