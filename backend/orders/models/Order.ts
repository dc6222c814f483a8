import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Lang } from '../../../common/api';
import { ORDER_STATUSES, RATE_TYPES, type OrderStatus, type RateType } from '../../../common/enums';
import {
  CARD_CHECKS,
  DELETE_REASONS,
  ORDER_EXCEPTIONS,
  type CardCheck,
  type DeleteReason,
  type OrderException,
  RECEIPT_CHECKS,
  type ReceiptCheck,
} from '../../../common/orders';
import type { ExtraFieldName } from '../../../common/catalogue';
import { money } from '../../platform/db';
import { nullsByDefault } from '../../platform/db/nullDefaults';
import { jsonAttribute } from '../../platform/db/json';
import type { BlacklistMatch } from '../../../common/blacklist';

export type OrderExtra = Partial<Record<ExtraFieldName, string>>;

/**
 * An exchange order (table `orders`). Never sent as is: orders/presenters.ts whitelists what the
 * customer and the operators see. Changes go through the commands in backend/orders, each a
 * conditional update on (id, version).
 */
export class Order extends Model<InferAttributes<Order>, InferCreationAttributes<Order>> {
  declare id: CreationOptional<number>;
  /** Public id (Crockford base32). */
  declare uid: string;
  /** SHA-256 hex of the secret the customer holds. */
  declare secretHash: string;
  /** The secret sealed with secretBox, so status emails can carry the link. */
  declare secretSealed: string;
  declare userId: number | null;
  declare lang: Lang;
  declare email: string;
  declare fromCode: string;
  declare toCode: string;
  declare rateType: RateType;
  declare rate: string;
  declare amountSend: string;
  declare amountReceive: string;
  declare rateLockedUntil: Date | null;
  declare expiresAt: Date | null;
  declare status: OrderStatus;
  declare version: CreationOptional<number>;
  declare manual: CreationOptional<boolean>;
  declare confirmedAt: CreationOptional<Date | null>;
  declare cardCheck: CardCheck;
  declare cardPhotoKey: CreationOptional<string | null>;
  declare receiptKey: CreationOptional<string | null>;
  /** When the current card photo was uploaded (the review queue's order). */
  declare cardPhotoAt: CreationOptional<Date | null>;
  /** The operator's reason for a rejected card photo (shown to the customer); null: the default text. */
  declare cardRejectReason: CreationOptional<string | null>;
  declare receiptCheck: CreationOptional<ReceiptCheck>;
  /** When the current receipt was uploaded. */
  declare receiptAt: CreationOptional<Date | null>;
  declare receiptRejectReason: CreationOptional<string | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare receivedAmount: CreationOptional<string | null>;
  declare receivedAt: CreationOptional<Date | null>;
  declare exception: CreationOptional<OrderException | null>;
  declare deleteReason: CreationOptional<DeleteReason | null>;
  declare refundAddress: CreationOptional<string | null>;
  declare senderAccount: string | null;
  declare receiverAccount: string | null;
  declare extra: OrderExtra;
  declare comment: string | null;
  declare ref: string | null;
  /** The payment_details row the order was given at creation (rotation); null for older orders. */
  declare paymentDetailId: CreationOptional<number | null>;
  /** Why the blacklist held this order (backend/blacklist): staff only. */
  declare blacklistMatch: CreationOptional<BlacklistMatch | null>;
  /** The board (migration 0011): the staff member holding the order, since when. */
  declare assignedTo: CreationOptional<number | null>;
  declare assignedAt: CreationOptional<Date | null>;
  declare escalatedAt: CreationOptional<Date | null>;
  declare escalationReason: CreationOptional<string | null>;
  /** The market rate before the markup at creation (null when the rates store had none). */
  declare marketRate: CreationOptional<string | null>;
  /** The direction's rate when the `received` action happened. */
  declare receivedRate: CreationOptional<string | null>;
  /** The partner this order's reward goes to (referral/attribution.ts), resolved at creation; never the customer. */
  declare referrerId: CreationOptional<number | null>;
  /** Keyed HMAC of the creating address (referral/ipHash.ts): the same-IP rule, never the address. */
  declare ipHash: CreationOptional<string | null>;
  /** The profit in USDT fixed when the order was done (referral/profit.ts); null: a price was missing. */
  declare profitUsdt: CreationOptional<string | null>;
  /** When the order was done (the active-referral count). */
  declare doneAt: CreationOptional<Date | null>;
  /** The partner API key that made the order (backend/partnerApi); null: made on the site. */
  declare apiKeyId: CreationOptional<number | null>;
  /** The partner's own id of the order, unique per key (order_create's idempotency). */
  declare externalId: CreationOptional<string | null>;
  /** This order's webhook address (null: the key's). */
  declare callbackUrl: CreationOptional<string | null>;
  /** The terms of use version in force when the order was made (content/terms.ts; null: before versioning). */
  declare termsVersion: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Initialises a subclass of Order bound to `sequelize` (see backend/models.ts for why a subclass). */
export function initOrder(sequelize: Sequelize): typeof Order {
  class BoundOrder extends Order {}
  BoundOrder.init(
    // Null defaults: createOrder presents the instance it created, which must equal the order read back.
    nullsByDefault({
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      uid: { type: DataTypes.STRING(16), allowNull: false, unique: true },
      secretHash: { type: DataTypes.CHAR(64), allowNull: false },
      secretSealed: { type: DataTypes.STRING(255), allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      lang: { type: DataTypes.STRING(8), allowNull: false },
      email: { type: DataTypes.STRING(191), allowNull: false },
      fromCode: { type: DataTypes.STRING(32), allowNull: false },
      toCode: { type: DataTypes.STRING(32), allowNull: false },
      rateType: { type: DataTypes.STRING(8), allowNull: false, validate: { isIn: [[...RATE_TYPES]] } },
      rate: money(sequelize, 'rate'),
      amountSend: money(sequelize, 'amountSend'),
      amountReceive: money(sequelize, 'amountReceive'),
      rateLockedUntil: { type: DataTypes.DATE, allowNull: true },
      expiresAt: { type: DataTypes.DATE, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...ORDER_STATUSES]] } },
      version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      manual: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      confirmedAt: { type: DataTypes.DATE, allowNull: true },
      cardCheck: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [[...CARD_CHECKS]] } },
      cardPhotoKey: { type: DataTypes.STRING(255), allowNull: true },
      receiptKey: { type: DataTypes.STRING(255), allowNull: true },
      cardPhotoAt: { type: DataTypes.DATE, allowNull: true },
      cardRejectReason: { type: DataTypes.TEXT, allowNull: true },
      receiptCheck: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'none', validate: { isIn: [[...RECEIPT_CHECKS]] } },
      receiptAt: { type: DataTypes.DATE, allowNull: true },
      receiptRejectReason: { type: DataTypes.TEXT, allowNull: true },
      paidAt: { type: DataTypes.DATE, allowNull: true },
      receivedAmount: money(sequelize, 'receivedAmount', { allowNull: true }),
      receivedAt: { type: DataTypes.DATE, allowNull: true },
      exception: { type: DataTypes.STRING(16), allowNull: true, validate: { isIn: [[...ORDER_EXCEPTIONS]] } },
      deleteReason: { type: DataTypes.STRING(16), allowNull: true, validate: { isIn: [[...DELETE_REASONS]] } },
      refundAddress: { type: DataTypes.STRING(255), allowNull: true },
      senderAccount: { type: DataTypes.STRING(255), allowNull: true },
      receiverAccount: { type: DataTypes.STRING(255), allowNull: true },
      extra: {
        type: DataTypes.TEXT,
        allowNull: false,
        defaultValue: '{}',
        get(this: Order) {
          const stored = this.getDataValue('extra') as unknown as string | null;
          return stored ? (JSON.parse(stored) as OrderExtra) : {};
        },
        set(this: Order, value: OrderExtra | null) {
          this.setDataValue('extra', JSON.stringify(value ?? {}) as unknown as OrderExtra);
        },
      },
      comment: { type: DataTypes.TEXT, allowNull: true },
      ref: { type: DataTypes.STRING(64), allowNull: true },
      paymentDetailId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
      blacklistMatch: jsonAttribute('blacklistMatch', true),
      assignedTo: { type: DataTypes.INTEGER, allowNull: true },
      assignedAt: { type: DataTypes.DATE, allowNull: true },
      escalatedAt: { type: DataTypes.DATE, allowNull: true },
      escalationReason: { type: DataTypes.STRING(500), allowNull: true },
      marketRate: money(sequelize, 'marketRate', { allowNull: true }),
      receivedRate: money(sequelize, 'receivedRate', { allowNull: true }),
      referrerId: { type: DataTypes.INTEGER, allowNull: true },
      ipHash: { type: DataTypes.STRING(64), allowNull: true },
      profitUsdt: money(sequelize, 'profitUsdt', { allowNull: true }),
      doneAt: { type: DataTypes.DATE, allowNull: true },
      apiKeyId: { type: DataTypes.INTEGER, allowNull: true },
      externalId: { type: DataTypes.STRING(64), allowNull: true },
      callbackUrl: { type: DataTypes.STRING(500), allowNull: true },
      termsVersion: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    }),
    { sequelize, modelName: 'Order', tableName: 'orders' },
  );
  return BoundOrder;
}
