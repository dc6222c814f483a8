/**
 * The models, bound to one Sequelize instance. `initModels(sequelize)` returns the model classes
 * for that database (the same ones on every call).
 *
 * Why subclasses per instance: `Model.init` binds a class to one Sequelize. Tests (and the
 * cluster tests) run several servers in one process, each on its own database; a single global
 * class would silently follow whichever database initialised it last. So each database gets its
 * own subclass of `Asset`/`Direction`, and code asks `initModels(db.sequelize)` for them. Types
 * are the plain classes: an instance is an `Asset`.
 */
import type { Model, ModelStatic, Sequelize } from 'sequelize';
import type { KV } from './platform/kv/types';
import { watchTable } from './platform/db/keptTable';
import { Asset, initAsset } from './catalogue/models/Asset';
import { Direction, initDirection } from './catalogue/models/Direction';
import { User, UserToken, initUser } from './accounts/models/User';
import { Order, initOrder } from './orders/models/Order';
import { OrderEvent, initOrderEvent } from './orders/models/OrderEvent';
import { OrderMail, initOrderMail } from './orders/models/OrderMail';
import { PaymentDetail, initPaymentDetail } from './orders/models/PaymentDetail';
import { AuditRecord, initAuditRecord } from './audit/models/AuditRecord';
import { OrderNote, OrderSeen, initOrderBoard } from './console/models/OrderBoard';
import { OutboxMail, initOutboxMail } from './platform/mail/outboxModel';
import { Setting, initSetting } from './system/models/Setting';
import { BlacklistEntry, initBlacklistEntry } from './blacklist/models/BlacklistEntry';
import { AlertOutbox, initAlertOutbox } from './alerts/model';
import { KycSubmission, initKycSubmission } from './kyc/models/KycSubmission';
import { Requisite, initRequisite } from './requisites/models/Requisite';
import { LedgerAccount, LedgerPosting, LedgerTransaction, initLedger } from './ledger/models/Ledger';
import { Withdrawal, initWithdrawal } from './ledger/models/Withdrawal';
import { ReferralClick, ReferralReward, initReferral } from './referral/models/Referral';
import { ApiKey, initApiKey } from './partnerApi/models/ApiKey';
import { initWebhookOutbox, WebhookOutbox } from './partnerApi/webhooks/model';
import { BlogPost, initBlogPost } from './blog/models/BlogPost';
import { CustomerReview, initCustomerReview } from './reviews/models/CustomerReview';
import { ContactMessage, initContactMessage } from './contacts/models/ContactMessage';
import { ContentPage, TermsVersion, initContent } from './content/models/ContentPage';

export { Asset } from './catalogue/models/Asset';
export { Direction, isExtraFields } from './catalogue/models/Direction';
export { User, UserToken, type UserRole, type UserStatus, type TokenPurpose } from './accounts/models/User';
export { Order, type OrderExtra } from './orders/models/Order';
export { OrderEvent } from './orders/models/OrderEvent';
export { OrderMail } from './orders/models/OrderMail';
export { PaymentDetail } from './orders/models/PaymentDetail';
export { AuditRecord } from './audit/models/AuditRecord';
export { OrderNote, OrderSeen } from './console/models/OrderBoard';
export { OutboxMail } from './platform/mail/outboxModel';
export { Setting } from './system/models/Setting';
export { BlacklistEntry } from './blacklist/models/BlacklistEntry';
export { AlertOutbox } from './alerts/model';
export { KycSubmission } from './kyc/models/KycSubmission';
export { Requisite } from './requisites/models/Requisite';
export { LedgerAccount, LedgerPosting, LedgerTransaction } from './ledger/models/Ledger';
export { Withdrawal } from './ledger/models/Withdrawal';
export { ReferralClick, ReferralReward } from './referral/models/Referral';
export { ApiKey } from './partnerApi/models/ApiKey';
export { WebhookOutbox } from './partnerApi/webhooks/model';
export { BlogPost } from './blog/models/BlogPost';
export { CustomerReview } from './reviews/models/CustomerReview';
export { ContactMessage } from './contacts/models/ContactMessage';
export { ContentPage, TermsVersion } from './content/models/ContentPage';

export interface Models {
  Asset: typeof Asset;
  Direction: typeof Direction;
  User: typeof User;
  UserToken: typeof UserToken;
  Order: typeof Order;
  OrderEvent: typeof OrderEvent;
  OrderMail: typeof OrderMail;
  PaymentDetail: typeof PaymentDetail;
  AuditRecord: typeof AuditRecord;
  /** The order board (console/models/OrderBoard.ts). */
  OrderSeen: typeof OrderSeen;
  OrderNote: typeof OrderNote;
  /** The database mail outbox (platform/mail/outbox.ts). */
  OutboxMail: typeof OutboxMail;
  /** Run-time settings (`settings`): the maintenance switch (system/maintenance.ts). */
  Setting: typeof Setting;
  BlacklistEntry: typeof BlacklistEntry;
  /** The staff alerts' outbox (alerts/outbox.ts). */
  AlertOutbox: typeof AlertOutbox;
  /** Identity-verification submissions (kyc/). */
  KycSubmission: typeof KycSubmission;
  /** Saved cards and wallets (requisites/). */
  Requisite: typeof Requisite;
  /** The double-entry ledger (ledger/). */
  LedgerAccount: typeof LedgerAccount;
  LedgerTransaction: typeof LedgerTransaction;
  LedgerPosting: typeof LedgerPosting;
  /** Partners' withdrawal requests (ledger/withdrawals). */
  Withdrawal: typeof Withdrawal;
  /** The referral programme's clicks and reward decisions (referral/). */
  ReferralClick: typeof ReferralClick;
  ReferralReward: typeof ReferralReward;
  /** Partner API keys (partnerApi/models/ApiKey.ts). */
  ApiKey: typeof ApiKey;
  /** The partner API's webhook outbox and delivery log (partnerApi/webhooks/). */
  WebhookOutbox: typeof WebhookOutbox;
  /** Blog posts (blog/). */
  BlogPost: typeof BlogPost;
  /** Customers' reviews of done orders (reviews/). */
  CustomerReview: typeof CustomerReview;
  /** The contacts form's messages (contacts/). */
  ContactMessage: typeof ContactMessage;
  /** Content pages and the terms' versions (content/). */
  ContentPage: typeof ContentPage;
  TermsVersion: typeof TermsVersion;
}

const bound = new WeakMap<Sequelize, Models>();

export function initModels(sequelize: Sequelize): Models {
  const existing = bound.get(sequelize);
  if (existing) return existing;
  const models: Models = {
    Asset: initAsset(sequelize),
    Direction: initDirection(sequelize),
    ...initUser(sequelize),
    Order: initOrder(sequelize),
    OrderEvent: initOrderEvent(sequelize),
    OrderMail: initOrderMail(sequelize),
    PaymentDetail: initPaymentDetail(sequelize),
    AuditRecord: initAuditRecord(sequelize),
    ...initOrderBoard(sequelize),
    OutboxMail: initOutboxMail(sequelize),
    Setting: initSetting(sequelize),
    BlacklistEntry: initBlacklistEntry(sequelize),
    AlertOutbox: initAlertOutbox(sequelize),
    KycSubmission: initKycSubmission(sequelize),
    Requisite: initRequisite(sequelize),
    ...initLedger(sequelize),
    Withdrawal: initWithdrawal(sequelize),
    ...initReferral(sequelize),
    ApiKey: initApiKey(sequelize),
    WebhookOutbox: initWebhookOutbox(sequelize),
    BlogPost: initBlogPost(sequelize),
    CustomerReview: initCustomerReview(sequelize),
    ContactMessage: initContactMessage(sequelize),
    ...initContent(sequelize),
  };
  models.Direction.belongsTo(models.Asset, { as: 'fromAsset', foreignKey: 'fromCode', targetKey: 'code', constraints: false });
  models.Direction.belongsTo(models.Asset, { as: 'toAsset', foreignKey: 'toCode', targetKey: 'code', constraints: false });
  // The signed call reads a key and its owner's status in one query (partnerApi/signedCall.ts).
  models.ApiKey.belongsTo(models.User, { as: 'owner', foreignKey: 'userId', constraints: false });
  bound.set(sequelize, models);
  return models;
}

/**
 * The small tables every new order reads, kept in process while unchanged (platform/db/keptTable.ts):
 * the blacklist (blacklist/check.ts) and the terms versions (content/terms.ts). Call it in each
 * composition root that can write them (web, worker), with that process's KV.
 */
export function watchKeptTables(models: Pick<Models, 'BlacklistEntry' | 'TermsVersion'>, kv: KV, onError: (error: unknown) => void): void {
  for (const model of [models.BlacklistEntry, models.TermsVersion]) watchTable(model as unknown as ModelStatic<Model>, kv, { onError });
}
