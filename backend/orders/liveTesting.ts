/**
 * Test helpers of the orders' realtime side: orders inserted through the Order model (the
 * catalogue's first two assets), and changes made the way the order commands make them — a
 * conditional update to the next version, then both views published on the order-change channel.
 */
import type { Config } from '../config/types';
import type { Database } from '../db';
import type { KV } from '../lib/kv/types';
import { initModels, type Order } from '../models';
import { seal } from '../security/secretBox';
import type { OperatorOrderDto, OrderDto } from '../../common/orders';
import { publishOrderChange, type OrderChangeMessage } from './events';
import { presentOperatorOrder, presentOrder } from './presenters';
import { hashOrderSecret, newOrderSecret, newOrderUid } from './secrets';
import { loadOrderView } from './view';

export interface LiveTestServer {
  db: Database;
  kv: KV;
  config: Pick<Config, 'sessionKeys'>;
}

export interface InsertedOrder {
  uid: string;
  secret: string;
}

type OrderPatch = Partial<Pick<Order, 'status' | 'expiresAt' | 'paidAt' | 'rate' | 'amountSend' | 'amountReceive' | 'deleteReason'>>;

/** A new order, its timer running `expiresInMs` from now (null: no timer). */
export async function insertOrder(server: LiveTestServer, expiresInMs: number | null = 30 * 60_000): Promise<InsertedOrder> {
  const { Asset, Order } = initModels(server.db.sequelize);
  const assets = await Asset.findAll({ order: [['code', 'ASC']], limit: 2 });
  if (assets.length < 2) throw new Error('the test database has no catalogue');
  const uid = newOrderUid();
  const secret = newOrderSecret();
  await Order.create({
    uid,
    secretHash: hashOrderSecret(secret),
    secretSealed: seal(secret, server.config.sessionKeys[0]),
    userId: null,
    lang: 'en',
    email: `live-${uid.toLowerCase()}@example.com`,
    fromCode: assets[0].code,
    toCode: assets[1].code,
    rateType: 'fixed',
    rate: '2',
    amountSend: '1.5',
    amountReceive: '3',
    rateLockedUntil: null,
    expiresAt: expiresInMs === null ? null : new Date(Date.now() + expiresInMs),
    status: 'new',
    cardCheck: 'not_required',
    senderAccount: null,
    receiverAccount: null,
    extra: {},
    comment: null,
    ref: null,
  });
  return { uid, secret };
}

export interface PublishedChange {
  order: OrderDto;
  operator: OperatorOrderDto;
}

/** Applies `patch` as the next version of the order, then publishes the change like a command does. */
export async function changeOrder(
  server: LiveTestServer,
  uid: string,
  patch: OrderPatch,
  kind: OrderChangeMessage['kind'] = 'status',
): Promise<PublishedChange> {
  const models = initModels(server.db.sequelize);
  const row = await models.Order.findOne({ where: { uid } });
  if (!row) throw new Error(`no order ${uid}`);
  const [updated] = await models.Order.update({ ...patch, version: row.version + 1 }, { where: { id: row.id, version: row.version } });
  if (updated !== 1) throw new Error(`order ${uid} changed meanwhile`);
  await row.reload();
  const view = await loadOrderView(models, row);
  const change = { order: presentOrder(view), operator: presentOperatorOrder(view) };
  await publishOrderChange(server.kv, { kind, ...change });
  return change;
}
