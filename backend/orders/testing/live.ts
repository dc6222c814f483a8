/**
 * Test helpers of the orders' realtime side: orders inserted through the Order model (the
 * catalogue's first two assets), and changes made the way the order commands make them — a
 * conditional update to the next version, then both views published on the order-change channel.
 */
import type { Config } from '../../platform/config/types';
import type { Database } from '../../platform/db';
import type { KV } from '../../platform/kv/types';
import type { CreationAttributes } from 'sequelize';
import { initModels, type Order } from '../../models';
import { seal } from '../../platform/security/secretBox';
import type { OperatorOrderDto, OrderDto } from '../../../common/orders';
import { publishOrderChange, type OrderChangeMessage } from '../events';
import { presentOperatorOrder, presentOrder } from '../presenters';
import { hashOrderSecret, newOrderSecret, newOrderUid } from '../secrets';
import { loadOrderView } from '../view';

export interface LiveTestServer {
  db: Database;
  kv: KV;
  config: Pick<Config, 'sessionKeys'>;
}

export interface InsertedOrder {
  uid: string;
  secret: string;
}

const INSERT_BATCH = 500;

type OrderPatch = Partial<Pick<Order, 'status' | 'expiresAt' | 'paidAt' | 'rate' | 'amountSend' | 'amountReceive' | 'deleteReason'>>;

type OrderRow = CreationAttributes<Order>;

/** The row of a new order between `from` and `to` with its secret; the timer runs `expiresInMs` from now (null: none). */
export function newOrderRow(from: string, to: string, sessionKey: string, expiresInMs: number | null): InsertedOrder & { row: OrderRow } {
  const uid = newOrderUid();
  const secret = newOrderSecret();
  const row: OrderRow = {
    uid,
    secretHash: hashOrderSecret(secret),
    secretSealed: seal(secret, sessionKey),
    userId: null,
    lang: 'en',
    email: `live-${uid.toLowerCase()}@example.com`,
    fromCode: from,
    toCode: to,
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
  };
  return { uid, secret, row };
}

/**
 * `count` new orders (the catalogue's first two assets), inserted in batches; the timer of each
 * runs `expiresInMs` from now (null: none).
 */
export async function insertOrders(server: LiveTestServer, count: number, expiresInMs: number | null = 30 * 60_000): Promise<InsertedOrder[]> {
  const { Asset, Order } = initModels(server.db.sequelize);
  const assets = await Asset.findAll({ order: [['code', 'ASC']], limit: 2 });
  if (assets.length < 2) throw new Error('the database has no catalogue');
  const made: InsertedOrder[] = [];
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const batch = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, () =>
      newOrderRow(assets[0].code, assets[1].code, server.config.sessionKeys[0], expiresInMs),
    );
    await Order.bulkCreate(batch.map((order) => order.row));
    made.push(...batch.map(({ uid, secret }) => ({ uid, secret })));
  }
  return made;
}

/** One new order, its timer running `expiresInMs` from now (null: no timer). */
export async function insertOrder(server: LiveTestServer, expiresInMs: number | null = 30 * 60_000): Promise<InsertedOrder> {
  const [order] = await insertOrders(server, 1, expiresInMs);
  return order;
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
