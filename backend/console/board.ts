/**
 * The operator order board (issue 12, contract in common/board.ts): the filtered list (and the
 * CSV's rows), the board's commands (claim, release, reassign, seen, notes, escalate — each in a
 * writeTransaction with its audit record, then pushed live as `operators:board`) and the drawer.
 */
import { literal, Op, QueryTypes, type Attributes, type Sequelize, type Transaction, type WhereOptions } from 'sequelize';
import { ErrorCode } from '../../common/api';
import {
  BOARD_CARD_LAST4_PATTERN,
  BOARD_FILE_LINK_TTL_SECONDS,
  BOARD_LIST_ORDER_FIELDS,
  BOARD_PAGE_SIZE,
  type BoardChange,
  type BoardFileKind,
  type BoardFileLinks,
  type BoardFilters,
  type BoardListOrderField,
  type BoardListRow,
  type BoardNoteDto,
  type BoardOrderDrawer,
  type BoardOrderEvent,
  type BoardOrderList,
  type BoardOrderRow,
  type BoardStaffRef,
} from '../../common/board';
import { Big } from '../../common/money';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Asset, Models, Order, OrderNote } from '../models';
import type { OrdersContext } from '../orders/context';
import { presentOperatorOrder, presentOperatorSummary, presentSide } from '../orders/presenters';
import { paymentWindowRuns } from '../../common/orderRules';
import { loadOrderView } from '../orders/view';
import { writeTransaction } from '../platform/db/transaction';
import { dialectOf, moneySql } from '../platform/db/money';
import { fromRawRow } from '../platform/db/raw';
import { AppError, ConflictError, ForbiddenError, ValidationError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import { STAFF_ROLES } from './policy';
import { BOARD_CHANNEL } from './boardChannel';
import { linkSignatureValid, signLink } from '../platform/security/signedLink';

/** 409 order_claimed: someone else holds the order (the message names their e-mail). */
export class OrderClaimed extends AppError {
  readonly status = 409;
  readonly code = ErrorCode.OrderClaimed;
}


type BoardModels = Pick<Models, 'Order' | 'Asset' | 'OrderEvent' | 'PaymentDetail' | 'User' | 'OrderSeen' | 'OrderNote' | 'AuditRecord'>;

/** The list's query: the filters and the cursor (the last id seen). */
export type BoardQuery = BoardFilters & { cursor?: string };

/** The caller of a board request. */
export interface BoardCaller extends AuditActor {
  ip?: string | null;
}

function quoted(sequelize: Sequelize, name: string): string {
  return sequelize.getQueryInterface().quoteIdentifiers(name);
}

/**
 * The SQL conditions of the filters (AND). Amounts: exact in SQL on MySQL; on SQLite money is
 * text, so SQL narrows with a slightly wider REAL range and `exactAmount` decides in JavaScript.
 */
export function boardWhere(sequelize: Sequelize, filters: BoardFilters, me: number): WhereOptions[] {
  const and: WhereOptions[] = [];
  if (filters.status) and.push({ status: filters.status });
  if (filters.from) and.push({ fromCode: filters.from });
  if (filters.to) and.push({ toCode: filters.to });
  if (filters.asset) and.push({ [Op.or]: [{ fromCode: filters.asset }, { toCode: filters.asset }] });
  if (filters.assigned === 'me') and.push({ assignedTo: me });
  else if (filters.assigned === 'none') and.push({ assignedTo: null });
  else if (filters.assigned) and.push({ assignedTo: Number(filters.assigned) });
  if (filters.seen) {
    const exists = `EXISTS (SELECT 1 FROM ${quoted(sequelize, 'order_seen')} WHERE ${quoted(sequelize, 'order_seen.orderId')} = ${quoted(sequelize, 'Order.id')} AND ${quoted(sequelize, 'order_seen.userId')} = ${Number(me)})`;
    and.push(literal(filters.seen === 'yes' ? exists : `NOT ${exists}`) as unknown as WhereOptions);
  }
  if (filters.createdFrom) and.push({ createdAt: { [Op.gte]: new Date(filters.createdFrom) } });
  if (filters.createdTo) and.push({ createdAt: { [Op.lte]: new Date(filters.createdTo) } });
  const amount = quoted(sequelize, 'Order.amountSend');
  for (const [bound, op] of [
    [filters.amountMin, '>='],
    [filters.amountMax, '<='],
  ] as const) {
    if (bound === undefined) continue;
    if (dialectOf(sequelize) === 'mysql') {
      and.push(literal(`${amount} ${op} ${moneySql(sequelize, bound)}`) as unknown as WhereOptions);
    } else {
      const wider = op === '>=' ? new Big(bound).times('0.999999').toFixed() : new Big(bound).times('1.000001').toFixed();
      // A coarse SQL range (SQLite keeps amounts as text), widened by a millionth; exactAmount decides.
      // `wider` is Big's own digits, never a JavaScript number.
      and.push(literal(`CAST(${amount} AS REAL) ${op} ${wider}`) as unknown as WhereOptions);
    }
  }
  const q = filters.q?.trim();
  if (q) {
    if (BOARD_CARD_LAST4_PATTERN.test(q)) {
      and.push({ [Op.or]: [{ senderAccount: { [Op.like]: `%${q}` } }, { receiverAccount: { [Op.like]: `%${q}` } }] });
    } else {
      and.push({
        [Op.or]: [{ uid: q.toUpperCase() }, { email: q.toLowerCase() }, { senderAccount: q }, { receiverAccount: q }, { refundAddress: q }],
      });
    }
  }
  return and;
}

/** Ids of the orders `q` names exactly: by uid, e-mail, sender, receiver or refund account. */
async function searchIds(models: Pick<Models, 'Order'>, q: string): Promise<number[]> {
  const lookups: Array<Record<string, string>> = [{ uid: q.toUpperCase() }, { email: q.toLowerCase() }, { senderAccount: q }, { receiverAccount: q }, { refundAddress: q }];
  const found = await Promise.all(lookups.map((where) => models.Order.findAll({ where, attributes: ['id'], raw: true })));
  return [...new Set(found.flat().map((row) => row.id))];
}

/** The exact amount check (SQLite's SQL range is only approximate). */
function exactAmount(order: Pick<Order, 'amountSend'>, filters: BoardFilters): boolean {
  if (filters.amountMin !== undefined && new Big(order.amountSend).lt(filters.amountMin)) return false;
  if (filters.amountMax !== undefined && new Big(order.amountSend).gt(filters.amountMax)) return false;
  return true;
}

/** What a board row reads besides the order, in the page's one SELECT. */
interface BoardJoins {
  fromAsset: Attributes<Asset> | null;
  toAsset: Attributes<Asset> | null;
  holder: BoardStaffRef | null;
  /** Whether the reader marked it seen. */
  seen: boolean;
  /** The owner's KYC status (orders of verified users are marked priority). */
  ownerKycStatus: string | null;
}

/** An order read with what its board row shows besides itself (every column but the secrets). */
export type BoardOrder = Attributes<Order> & BoardJoins;

/** The columns of the list's fields that are not named like the field (the files are known by their keys). */
const FIELD_COLUMNS = { cardPhoto: 'cardPhotoKey', receipt: 'receiptKey', receiptUploaded: 'receiptKey' } as const;
type ListColumn =
  | Exclude<BoardListOrderField, keyof typeof FIELD_COLUMNS>
  | (typeof FIELD_COLUMNS)[keyof typeof FIELD_COLUMNS]
  | 'fromCode'
  | 'toCode'
  | 'assignedTo'
  | 'escalatedAt'
  | 'userId';

/**
 * The order's columns a row of the list reads (boardListRow): the columns of its fields
 * (common/board.ts BOARD_LIST_ORDER_FIELDS), then the sides' codes, the holder, `escalatedAt` (the
 * escalated mark) and the owner (the priority mark) the joins and marks need.
 */
const LIST_COLUMNS: readonly ListColumn[] = [
  ...new Set<ListColumn>([
    ...BOARD_LIST_ORDER_FIELDS.map((field): ListColumn => (field in FIELD_COLUMNS ? FIELD_COLUMNS[field as keyof typeof FIELD_COLUMNS] : (field as Exclude<BoardListOrderField, keyof typeof FIELD_COLUMNS>))),
    'fromCode',
    'toCode',
    'assignedTo',
    'escalatedAt',
    'userId',
  ]),
];

/** An order of the list: its LIST_COLUMNS only, with the row's joins. */
export type BoardListOrder = Pick<Attributes<Order>, ListColumn> & BoardJoins;

/** Which columns of the order a board SELECT reads: all of a row (commands, CSV) or the list's. */
export type BoardColumns = 'row' | 'list';

/** What an order's side shows (presentSide). */
const SIDE_ATTRIBUTES = ['code', 'name', 'nameRu', 'type', 'currency', 'network', 'precision', 'city'] as const;

/** The order's secrets never leave the database for the board. */
const ROW_EXCLUDED = new Set(['secretHash', 'secretSealed']);

interface RowSelect {
  /** The order's columns (no secrets), qualified by `Order`. */
  columns: string;
  /** Each joined part's [row key, attribute] pairs (a side's first is its code). */
  partKeys: Record<'fromAsset' | 'toAsset' | 'holder' | 'seen' | 'owner', Array<[string, string]>>;
  /** The joined columns and the joins of a page already in `Order`. */
  joinedColumns: string;
  joins: (me: number) => string;
}

const selects = new WeakMap<Sequelize, Record<BoardColumns, RowSelect>>();

/**
 * The parts of a page's SELECT: the page of orders first (a derived table: the filter, ORDER BY id
 * DESC and LIMIT on `orders` alone, so the index walk stops at the page on both databases — joined
 * in the same query, MariaDB sorted every matching row), then LEFT JOINs of both assets, the holder's
 * e-mail, the owner's KYC status (the priority mark) and the caller's seen mark on those rows only. Joined columns come back as `fromAsset.code`,
 * `holder.email`, `seen.id`.
 */
function rowSelect(models: Pick<Models, 'Order'>, columns: BoardColumns): RowSelect {
  const sequelize = models.Order.sequelize!;
  let known = selects.get(sequelize);
  if (!known) {
    known = { row: buildRowSelect(models, 'row'), list: buildRowSelect(models, 'list') };
    selects.set(sequelize, known);
  }
  return known[columns];
}

function buildRowSelect(models: Pick<Models, 'Order'>, columns: BoardColumns): RowSelect {
  const sequelize = models.Order.sequelize!;
  const q = (name: string) => quoted(sequelize, name);
  const alias = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name);
  const attributes = models.Order.getAttributes();
  const fields =
    columns === 'list'
      ? LIST_COLUMNS.map((name) => attributes[name].field!)
      : Object.values(attributes)
          .map((attribute) => attribute.field!)
          .filter((field) => !ROW_EXCLUDED.has(field));
  const joined = fields.map((field) => `${q('Order')}.${q(field)}`);
  for (const side of ['fromAsset', 'toAsset']) for (const name of SIDE_ATTRIBUTES) joined.push(`${q(side)}.${q(name)} AS ${alias(`${side}.${name}`)}`);
  joined.push(
    `${q('holder')}.${q('email')} AS ${alias('holder.email')}`,
    `${q('seen')}.${q('id')} AS ${alias('seen.id')}`,
    `${q('owner')}.${q('kycStatus')} AS ${alias('owner.kycStatus')}`,
  );
  const joins =
    ` LEFT JOIN ${q('assets')} AS ${q('fromAsset')} ON ${q('fromAsset')}.${q('code')} = ${q('Order')}.${q('fromCode')}` +
    ` LEFT JOIN ${q('assets')} AS ${q('toAsset')} ON ${q('toAsset')}.${q('code')} = ${q('Order')}.${q('toCode')}` +
    ` LEFT JOIN ${q('users')} AS ${q('holder')} ON ${q('holder')}.${q('id')} = ${q('Order')}.${q('assignedTo')}` +
    ` LEFT JOIN ${q('users')} AS ${q('owner')} ON ${q('owner')}.${q('id')} = ${q('Order')}.${q('userId')}` +
    ` LEFT JOIN ${q('order_seen')} AS ${q('seen')} ON ${q('seen')}.${q('orderId')} = ${q('Order')}.${q('id')} AND ${q('seen')}.${q('userId')} = `;
  const partKeys: RowSelect['partKeys'] = { fromAsset: [], toAsset: [], holder: [['holder.email', 'email']], seen: [['seen.id', 'id']], owner: [['owner.kycStatus', 'kycStatus']] };
  for (const side of ['fromAsset', 'toAsset'] as const) for (const name of SIDE_ATTRIBUTES) partKeys[side].push([`${side}.${name}`, name]);
  return {
    columns: fields.map((field) => `${q('Order')}.${q(field)}`).join(', '),
    partKeys,
    joinedColumns: joined.join(', '),
    joins: (me: number) => `${joins}${Number(me)}`,
  };
}

/**
 * A joined row (flat: `fromAsset.code`…) as a BoardOrder, read in place: the row itself becomes the
 * order (its joined keys stay on it, unread) — copying 50 rows key by key cost more than reading
 * them. A side is read once a page (`sides`, by asset code); a LEFT JOIN that found nothing gives nulls.
 */
function boardOrderOf(models: Pick<Models, 'Order' | 'Asset'>, select: RowSelect, row: Record<string, unknown>, sides: Map<string, Attributes<Asset>>): BoardOrder {
  const side = (name: 'fromAsset' | 'toAsset'): Attributes<Asset> | null => {
    const keys = select.partKeys[name];
    const code = row[keys[0]![0]];
    if (typeof code !== 'string') return null;
    let asset = sides.get(code);
    if (!asset) {
      const read: Record<string, unknown> = {};
      for (const [key, attribute] of keys) read[attribute] = row[key];
      asset = fromRawRow(models.Asset, read);
      sides.set(code, asset);
    }
    return asset;
  };
  const read = fromRawRow(models.Order, row) as BoardOrder;
  const email = row['holder.email'];
  const seen = row['seen.id'];
  const kycStatus = row['owner.kycStatus'];
  read.fromAsset = side('fromAsset');
  read.toAsset = side('toAsset');
  read.holder = read.assignedTo === null || read.assignedTo === undefined ? null : { id: read.assignedTo, email: typeof email === 'string' ? email : '' };
  read.seen = seen !== null && seen !== undefined;
  read.ownerKycStatus = typeof kycStatus === 'string' ? kycStatus : null;
  return read;
}

/**
 * The board rows matching `where` (conditions on `Order`), newest first, `limit` of them, read as
 * raw rows: building a page of model instances costs more than the SELECT itself.
 */
async function selectBoardOrders(models: Pick<Models, 'Order' | 'Asset'>, where: WhereOptions[], me: number, limit: number, columns: BoardColumns = 'row'): Promise<BoardOrder[]> {
  const sequelize = models.Order.sequelize!;
  const generator = sequelize.getQueryInterface().queryGenerator as unknown as {
    getWhereConditions(where: WhereOptions, table: string, model: unknown): string;
  };
  const conditions = where.length ? generator.getWhereConditions({ [Op.and]: where }, 'Order', models.Order) : '';
  const select = rowSelect(models, columns);
  const q = (name: string) => quoted(sequelize, name);
  const order = ` ORDER BY ${q('Order')}.${q('id')} DESC`;
  const page = `SELECT ${select.columns} FROM ${q('orders')} AS ${q('Order')}${conditions ? ` WHERE ${conditions}` : ''}${order} LIMIT ${Number(limit)}`;
  const sql = `SELECT ${select.joinedColumns} FROM (${page}) AS ${q('Order')}${select.joins(me)}${order}`;
  const rows = await sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
  const sides = new Map<string, Attributes<Asset>>();
  return rows.map((row) => boardOrderOf(models, select, row, sides));
}

/**
 * Orders matching the filters, newest first, older than `cursor` (an id): `limit` of them, and
 * whether more exist, each read with its row's joins — every column but the secrets (`row`: the
 * CSV), or the list's LIST_COLUMNS (`list`). The cursor stays stable under filters: ids only go down.
 */
export async function findBoardOrders(
  models: Pick<Models, 'Order' | 'Asset'>,
  filters: BoardFilters & { cursor?: string },
  me: number,
  limit: number,
  columns: 'list',
): Promise<{ rows: BoardListOrder[]; more: boolean }>;
export async function findBoardOrders(
  models: Pick<Models, 'Order' | 'Asset'>,
  filters: BoardFilters & { cursor?: string },
  me: number,
  limit: number,
  columns?: 'row',
): Promise<{ rows: BoardOrder[]; more: boolean }>;
export async function findBoardOrders(
  models: Pick<Models, 'Order' | 'Asset'>,
  filters: BoardFilters & { cursor?: string },
  me: number,
  limit: number,
  columns: BoardColumns = 'row',
): Promise<{ rows: BoardOrder[]; more: boolean }> {
  const sequelize = models.Order.sequelize!;
  const base = boardWhere(sequelize, { ...filters, q: undefined }, me);
  const q = filters.q?.trim();
  if (q && !BOARD_CARD_LAST4_PATTERN.test(q)) {
    // One index seek per column (uid, email, accounts) instead of an OR the planner may answer with a scan.
    const ids = await searchIds(models, q);
    if (ids.length === 0) return { rows: [], more: false };
    base.push({ id: { [Op.in]: ids } });
  } else if (q) base.push(...boardWhere(sequelize, { q }, me));
  const jsFilter = dialectOf(sequelize) === 'sqlite' && (filters.amountMin !== undefined || filters.amountMax !== undefined);
  const rows: BoardOrder[] = [];
  let before = filters.cursor ? Number(filters.cursor) : null;
  const batch = limit + 1;
  for (;;) {
    const where = before === null ? base : [...base, { id: { [Op.lt]: before } }];
    const found = await selectBoardOrders(models, where, me, batch, columns);
    for (const order of found) if (!jsFilter || exactAmount(order, filters)) rows.push(order);
    if (rows.length > limit || found.length < batch) break;
    before = found[found.length - 1]!.id;
  }
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

function iso(value: Date | null | undefined): string | null {
  return value ? new Date(Math.floor(value.getTime() / 1000) * 1000).toISOString() : null;
}

/** Staff members by id (id → {id, email}). */
async function staffRefs(models: Pick<Models, 'User'>, ids: Array<number | null | undefined>): Promise<Map<number, BoardStaffRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const users = await models.User.findAll({ where: { id: { [Op.in]: wanted } }, attributes: ['id', 'email'] });
  return new Map(users.map((user) => [user.id, { id: user.id, email: user.email }]));
}

/** The board row of an order read by findBoardOrders / boardOrderById (its joins loaded). */
export function boardRow(order: BoardOrder): BoardOrderRow {
  return Object.assign(presentOperatorSummary(order, order.fromAsset, order.toAsset), {
    assignedTo: order.holder,
    assignedAt: iso(order.assignedAt),
    seen: order.seen,
    escalated: Boolean(order.escalatedAt),
    escalatedAt: iso(order.escalatedAt),
    escalationReason: order.escalationReason ?? null,
    priority: order.ownerKycStatus === 'approve',
  });
}

/**
 * A row of the list (common/board.ts BoardListRow): the fields of BOARD_LIST_ORDER_FIELDS as the
 * operator's order presents them (presentOperatorSummary: same rules, the int test compares them),
 * the sides by code, the board's marks.
 */
export function boardListRow(order: BoardListOrder): BoardListRow {
  return {
    id: order.id,
    uid: order.uid,
    version: order.version,
    status: order.status,
    deleteReason: order.deleteReason,
    exception: order.exception,
    blacklistMatch: order.blacklistMatch ?? null,
    email: order.email,
    ref: order.ref,
    createdAt: iso(order.createdAt)!,
    amountSend: order.amountSend,
    amountReceive: order.amountReceive,
    receivedAmount: order.receivedAmount,
    confirmedAt: iso(order.confirmedAt),
    paidAt: iso(order.paidAt),
    expiresAt: paymentWindowRuns(order) ? iso(order.expiresAt) : null,
    cardCheck: order.cardCheck,
    cardPhoto: order.cardPhotoKey !== null,
    receipt: order.receiptKey !== null,
    receiptUploaded: order.receiptKey !== null,
    receiptCheck: order.receiptCheck,
    refundAddress: order.refundAddress,
    from: order.fromCode,
    to: order.toCode,
    assignedTo: order.holder,
    seen: order.seen,
    escalated: Boolean(order.escalatedAt),
    priority: order.ownerKycStatus === 'approve',
  };
}

/**
 * A page of the list (common/board.ts BoardOrderList): each row names its sides by code and the
 * sides go once, in `assets`.
 */
export function boardPage(orders: BoardListOrder[], more: boolean): BoardOrderList {
  const assets: BoardOrderList['assets'] = {};
  const rows = orders.map((order) => {
    assets[order.fromCode] ??= presentSide(order.fromCode, order.fromAsset);
    assets[order.toCode] ??= presentSide(order.toCode, order.toAsset);
    return boardListRow(order);
  });
  return { orders: rows, assets, nextCursor: more ? String(orders[orders.length - 1]!.id) : null };
}

/** One order with its row's joins, as `me` sees it (null when there is no such order). */
export async function boardOrderById(models: Pick<Models, 'Order' | 'Asset'>, id: number, me: number): Promise<BoardOrder | null> {
  const [row] = await selectBoardOrders(models, [{ id }], me, 1);
  return row ?? null;
}

/** The board row of the order `id` as `me` sees it now (after a command). */
async function currentRow(models: Pick<Models, 'Order' | 'Asset'>, id: number, me: number): Promise<BoardOrderRow> {
  return boardRow((await boardOrderById(models, id, me))!);
}

/**
 * Profit in the receive asset (common/board.ts BoardOrderDrawer): (receivedAmount ?? amountSend)
 * × marketRate − amountReceive; null without a market rate.
 */
export function orderProfit(order: Pick<Order, 'amountSend' | 'amountReceive' | 'receivedAmount' | 'marketRate'>): string | null {
  if (!order.marketRate) return null;
  const base = order.receivedAmount ?? order.amountSend;
  return new Big(base).times(order.marketRate).minus(order.amountReceive).round(18, Big.roundDown).toFixed();
}

// ---- Signed file links -------------------------------------------------------------------

/** `/api/operator/orders/{uid}/signed/{kind}?expires=&sig=`, valid BOARD_FILE_LINK_TTL_SECONDS from `now` (platform/security/signedLink.ts). */
export function signedFileUrl(secretKeys: readonly string[], uid: string, kind: BoardFileKind, now: Date): string {
  return `/api/operator/orders/${encodeURIComponent(uid)}/signed/${kind}?${signLink(secretKeys, `order-file:${uid}:${kind}`, now, BOARD_FILE_LINK_TTL_SECONDS)}`;
}

/** Whether an order file link is signed for this order and file and has not expired. */
export function fileLinkValid(secretKeys: readonly string[], uid: string, kind: BoardFileKind, expires: unknown, sig: unknown, now: Date): boolean {
  return linkSignatureValid(secretKeys, `order-file:${uid}:${kind}`, expires, sig, now, BOARD_FILE_LINK_TTL_SECONDS);
}

function fileLinks(ctx: OrdersContext, order: Order): BoardFileLinks {
  const now = ctx.now();
  return {
    card: order.cardPhotoKey ? signedFileUrl(ctx.secretKeys, order.uid, 'card', now) : null,
    receipt: order.receiptKey ? signedFileUrl(ctx.secretKeys, order.uid, 'receipt', now) : null,
  };
}

/** `GET /api/operator/orders/{uid}`: the row, the history and where to pay, the profit, the file links. */
export async function boardDrawer(ctx: OrdersContext, order: Order, me: number): Promise<BoardOrderDrawer> {
  const models = ctx.models;
  const [row, view, notesCount] = await Promise.all([currentRow(models, order.id, me), loadOrderView(models, order), models.OrderNote.count({ where: { orderId: order.id } })]);
  const { history, payment } = presentOperatorOrder(view);
  return {
    ...row,
    history,
    payment,
    notesCount,
    rateAtCreation: order.rate,
    marketRate: order.marketRate ?? null,
    rateAtReceipt: order.receivedRate ?? null,
    profit: orderProfit(order),
    profitUsdt: order.profitUsdt ?? null,
    fileLinks: fileLinks(ctx, order),
  };
}

// ---- Commands --------------------------------------------------------------------------------

/** Tells every console of a change of `order` (read with its row's joins: the holder is there). */
async function publishBoard(ctx: OrdersContext, order: BoardOrder, change: BoardChange, by: AuditActor): Promise<void> {
  try {
    const notesCount = await ctx.models.OrderNote.count({ where: { orderId: order.id } });
    const event: BoardOrderEvent = {
      uid: order.uid,
      change,
      by: { id: by.id, email: by.email },
      assignedTo: order.holder,
      assignedAt: iso(order.assignedAt),
      escalated: Boolean(order.escalatedAt),
      escalatedAt: iso(order.escalatedAt),
      escalationReason: order.escalationReason ?? null,
      notesCount,
      at: ctx.now().toISOString(),
    };
    await publishBoardEvent(ctx.kv, event);
  } catch (error) {
    ctx.logger.error({ err: error, uid: order.uid }, 'board change not published');
  }
}

export async function publishBoardEvent(kv: KV, event: BoardOrderEvent): Promise<void> {
  await kv.publish(BOARD_CHANNEL, JSON.stringify(event));
}

/** What a board command did to its order inside the transaction. */
interface BoardStep {
  /** The order the command worked on (read again with its row's joins after the commit). */
  order: Order;
  /** The fields it changed, before and after, for the audit record; absent: nothing changed. */
  audit?: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** With no change: return the row without publishing anything. */
  quiet?: boolean;
}

/**
 * One board command (`change`) on an order: in one writeTransaction `step` updates it and a
 * change is audited (`order.<change>`); after the commit the order's row is read once, published to
 * the board (unless `quiet`) and returned to the caller.
 */
async function boardCommand(ctx: OrdersContext, change: BoardChange, caller: BoardCaller, step: (transaction: Transaction) => Promise<BoardStep>): Promise<BoardOrderRow> {
  const done = await writeTransaction(ctx.sequelize, async (transaction) => {
    const { order, audit, quiet } = await step(transaction);
    if (audit) {
      await recordAudit(ctx.models, transaction, {
        actor: caller,
        ip: caller.ip ?? null,
        action: `order.${change}`,
        target: { type: 'order', id: order.uid },
        ...audit,
      });
    }
    return { id: order.id, quiet };
  });
  const current = (await boardOrderById(ctx.models, done.id, caller.id))!;
  if (!done.quiet) await publishBoard(ctx, current, change, caller);
  return boardRow(current);
}

/**
 * A claimed order is worked by its holder: another operator's action on it answers 409
 * order_claimed naming the holder (as a losing claim does); a free order, the holder's own and
 * any admin's pass. Checked when the action arrives.
 */
export async function assertMayWork(models: Pick<Models, 'User'>, order: Pick<Order, 'assignedTo'>, caller: { id: number; role: string }): Promise<void> {
  const holder = order.assignedTo;
  if (holder === null || holder === undefined || holder === caller.id || caller.role === 'admin') return;
  const user = await models.User.findByPk(holder, { attributes: ['email'] });
  throw new OrderClaimed({ values: { email: user?.email ?? '?' } });
}

/** Claims the order for the caller: a conditional update WHERE assignedTo IS NULL; again by the holder = no change. */
export function claimOrder(ctx: OrdersContext, orderId: number, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders, User } = ctx.models;
  return boardCommand(ctx, 'claim', caller, async (transaction) => {
    // Updated before it is read: on MariaDB a read first would fix the snapshot a losing claim reads the holder from.
    const [count] = await Orders.update({ assignedTo: caller.id, assignedAt: ctx.now() }, { where: { id: orderId, assignedTo: null }, transaction });
    const order = (await Orders.findByPk(orderId, { transaction }))!;
    if (count !== 1) {
      if (order.assignedTo === caller.id) return { order, quiet: true };
      const holder = order.assignedTo ? await User.findByPk(order.assignedTo, { attributes: ['email'], transaction }) : null;
      throw new OrderClaimed({ values: { email: holder?.email ?? '?' } });
    }
    return { order, audit: { before: { assignedTo: null }, after: { assignedTo: caller.id } } };
  });
}

/** Releases the order: its holder or an admin (403 otherwise); a free order stays free. */
export function releaseOrder(ctx: OrdersContext, orderId: number, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders } = ctx.models;
  return boardCommand(ctx, 'release', caller, async (transaction) => {
    const order = (await Orders.findByPk(orderId, { transaction }))!;
    const holder = order.assignedTo;
    // A free order stays free: nothing changed, so nothing is published.
    if (holder === null || holder === undefined) return { order, quiet: true };
    if (holder !== caller.id && caller.role !== 'admin') throw new ForbiddenError();
    const [count] = await Orders.update({ assignedTo: null, assignedAt: null }, { where: { id: orderId, assignedTo: holder }, transaction });
    if (count !== 1) throw new ConflictError();
    return { order, audit: { before: { assignedTo: holder }, after: { assignedTo: null } } };
  });
}

/** Gives the order to another ACTIVE staff member (admins only: the route's policy). */
export function reassignOrder(ctx: OrdersContext, orderId: number, userId: number, caller: BoardCaller, invalid: () => ValidationError): Promise<BoardOrderRow> {
  const { Order: Orders, User } = ctx.models;
  return boardCommand(ctx, 'reassign', caller, async (transaction) => {
    const target = await User.findByPk(userId, { transaction });
    if (!target || target.status !== 'active' || !(STAFF_ROLES as readonly string[]).includes(target.role)) throw invalid();
    const order = (await Orders.findByPk(orderId, { transaction }))!;
    const before = order.assignedTo ?? null;
    await Orders.update({ assignedTo: userId, assignedAt: ctx.now() }, { where: { id: orderId }, transaction });
    return { order, audit: { before: { assignedTo: before }, after: { assignedTo: userId } } };
  });
}

/** Marks the order seen by the caller (once; again = no change). */
export async function markSeen(ctx: OrdersContext, order: Order, caller: BoardCaller): Promise<BoardOrderRow> {
  await writeTransaction(ctx.sequelize, async (transaction) => {
    const existing = await ctx.models.OrderSeen.findOne({ where: { orderId: order.id, userId: caller.id }, transaction });
    if (!existing) await ctx.models.OrderSeen.create({ orderId: order.id, userId: caller.id }, { transaction });
  }).catch((error: unknown) => {
    // Two tabs of the same operator: the unique index keeps one row, which is what we wanted.
    if ((error as { name?: string }).name !== 'SequelizeUniqueConstraintError') throw error;
  });
  return currentRow(ctx.models, order.id, caller.id);
}

function presentNote(order: Order, note: OrderNote, refs: Map<number, BoardStaffRef>): BoardNoteDto {
  return {
    id: note.id,
    orderUid: order.uid,
    author: note.authorId === null ? null : (refs.get(note.authorId) ?? { id: note.authorId, email: '' }),
    text: note.text,
    createdAt: iso(note.createdAt)!,
  };
}

export async function listNotes(ctx: OrdersContext, order: Order): Promise<BoardNoteDto[]> {
  const notes = await ctx.models.OrderNote.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']] });
  const refs = await staffRefs(ctx.models, notes.map((note) => note.authorId));
  return notes.map((note) => presentNote(order, note, refs));
}

export async function addNote(ctx: OrdersContext, order: Order, text: string, caller: BoardCaller): Promise<BoardNoteDto> {
  const note = await writeTransaction(ctx.sequelize, async (transaction) => {
    const created = await ctx.models.OrderNote.create({ orderId: order.id, authorId: caller.id, text }, { transaction });
    await recordAudit(ctx.models, transaction, {
      actor: caller,
      ip: caller.ip ?? null,
      action: 'order.note',
      target: { type: 'order', id: order.uid },
      before: null,
      after: { noteId: created.id, text },
    });
    return created;
  });
  await publishBoard(ctx, (await boardOrderById(ctx.models, order.id, caller.id))!, 'note', caller);
  return presentNote(order, note, new Map([[caller.id, { id: caller.id, email: caller.email }]]));
}

export function escalateOrder(ctx: OrdersContext, orderId: number, reason: string, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders } = ctx.models;
  return boardCommand(ctx, 'escalate', caller, async (transaction) => {
    const order = (await Orders.findByPk(orderId, { transaction }))!;
    const before = { escalatedAt: iso(order.escalatedAt), escalationReason: order.escalationReason ?? null };
    const now = ctx.now();
    await Orders.update({ escalatedAt: now, escalationReason: reason }, { where: { id: orderId }, transaction });
    return { order, audit: { before, after: { escalatedAt: iso(now), escalationReason: reason } } };
  });
}

export { BOARD_PAGE_SIZE };
