/**
 * The operator order board (issue 12, contract in common/board.ts): the filtered list (and the
 * CSV's rows), the board's commands (claim, release, reassign, seen, notes, escalate — each in a
 * writeTransaction with its audit record, then pushed live as `operators:board`) and the drawer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { literal, Op, type Sequelize, type WhereOptions } from 'sequelize';
import { ErrorCode } from '../../common/api';
import {
  BOARD_CARD_LAST4_PATTERN,
  BOARD_FILE_LINK_TTL_SECONDS,
  BOARD_PAGE_SIZE,
  type BoardChange,
  type BoardFileKind,
  type BoardFileLinks,
  type BoardFilters,
  type BoardNoteDto,
  type BoardOrderDrawer,
  type BoardOrderEvent,
  type BoardOrderRow,
  type BoardStaffRef,
} from '../../common/board';
import { Big } from '../../common/money';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Models, Order, OrderNote } from '../models';
import type { OrdersContext } from '../orders/context';
import { presentOperatorOrder } from '../orders/presenters';
import { loadOrderView, loadOrderViews, type OrderView } from '../orders/view';
import { writeTransaction } from '../platform/db/transaction';
import { dialectOf, moneySql } from '../platform/db/money';
import { AppError, ConflictError, ForbiddenError, ValidationError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import { STAFF_ROLES } from './policy';
import { BOARD_CHANNEL } from './boardChannel';

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
function exactAmount(order: Order, filters: BoardFilters): boolean {
  if (filters.amountMin !== undefined && new Big(order.amountSend).lt(filters.amountMin)) return false;
  if (filters.amountMax !== undefined && new Big(order.amountSend).gt(filters.amountMax)) return false;
  return true;
}

/**
 * Orders matching the filters, newest first, older than `cursor` (an id): `limit` of them, and
 * whether more exist. The cursor stays stable under filters: ids only go down.
 */
export async function findBoardOrders(
  models: Pick<Models, 'Order'>,
  filters: BoardFilters & { cursor?: string },
  me: number,
  limit: number,
): Promise<{ rows: Order[]; more: boolean }> {
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
  const rows: Order[] = [];
  let before = filters.cursor ? Number(filters.cursor) : null;
  const batch = limit + 1;
  for (;;) {
    const where = before === null ? base : [...base, { id: { [Op.lt]: before } }];
    const found = await models.Order.findAll({ where: { [Op.and]: where }, order: [['id', 'DESC']], limit: batch });
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

/** The board rows of orders: the operator's DTO, who holds each, and whether `me` saw it. */
export async function presentBoardRows(models: BoardModels, orders: Order[], me: number, views?: OrderView[]): Promise<BoardOrderRow[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [loaded, refs, seen] = await Promise.all([
    views ?? loadOrderViews(models, orders),
    staffRefs(models, orders.map((order) => order.assignedTo)),
    models.OrderSeen.findAll({ where: { userId: me, orderId: { [Op.in]: ids } }, attributes: ['orderId'] }),
  ]);
  const seenIds = new Set(seen.map((row) => row.orderId));
  return loaded.map((view) => boardRow(view, refs, seenIds.has(view.order.id)));
}

function boardRow(view: OrderView, refs: Map<number, BoardStaffRef>, seen: boolean): BoardOrderRow {
  const { order } = view;
  return {
    ...presentOperatorOrder(view),
    assignedTo: order.assignedTo === null || order.assignedTo === undefined ? null : (refs.get(order.assignedTo) ?? { id: order.assignedTo, email: '' }),
    assignedAt: iso(order.assignedAt),
    seen,
    escalated: Boolean(order.escalatedAt),
    escalatedAt: iso(order.escalatedAt),
    escalationReason: order.escalationReason ?? null,
  };
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

function fileSignature(key: string, uid: string, kind: BoardFileKind, expires: number): string {
  return createHmac('sha256', key).update(`order-file:${uid}:${kind}:${expires}`).digest('base64url');
}

/** `/api/operator/orders/{uid}/signed/{kind}?expires=&sig=`, valid BOARD_FILE_LINK_TTL_SECONDS from `now`. */
export function signedFileUrl(secretKeys: readonly string[], uid: string, kind: BoardFileKind, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + BOARD_FILE_LINK_TTL_SECONDS;
  const sig = fileSignature(secretKeys[0]!, uid, kind, expires);
  return `/api/operator/orders/${encodeURIComponent(uid)}/signed/${kind}?expires=${expires}&sig=${sig}`;
}

/** Whether a link's signature matches (any of the app's keys) and it has not expired. */
export function fileLinkValid(secretKeys: readonly string[], uid: string, kind: BoardFileKind, expires: unknown, sig: unknown, now: Date): boolean {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return false;
  const at = Number(expires);
  const nowSeconds = now.getTime() / 1000;
  if (at < nowSeconds || at > nowSeconds + BOARD_FILE_LINK_TTL_SECONDS + 60) return false;
  const given = Buffer.from(sig);
  return secretKeys.some((key) => {
    const wanted = Buffer.from(fileSignature(key, uid, kind, at));
    return wanted.length === given.length && timingSafeEqual(wanted, given);
  });
}

function fileLinks(ctx: OrdersContext, order: Order): BoardFileLinks {
  const now = ctx.now();
  return {
    card: order.cardPhotoKey ? signedFileUrl(ctx.secretKeys, order.uid, 'card', now) : null,
    receipt: order.receiptKey ? signedFileUrl(ctx.secretKeys, order.uid, 'receipt', now) : null,
  };
}

/** `GET /api/operator/orders/{uid}`. */
export async function boardDrawer(ctx: OrdersContext, order: Order, me: number): Promise<BoardOrderDrawer> {
  const models = ctx.models;
  const view = await loadOrderView(models, order);
  const [[row], notesCount] = await Promise.all([presentBoardRows(models, [order], me, [view]), models.OrderNote.count({ where: { orderId: order.id } })]);
  return {
    ...row!,
    notesCount,
    rateAtCreation: order.rate,
    marketRate: order.marketRate ?? null,
    rateAtReceipt: order.receivedRate ?? null,
    profit: orderProfit(order),
    fileLinks: fileLinks(ctx, order),
  };
}

// ---- Commands --------------------------------------------------------------------------------

async function publishBoard(ctx: OrdersContext, order: Order, change: BoardChange, by: AuditActor): Promise<void> {
  try {
    const [refs, notesCount] = await Promise.all([staffRefs(ctx.models, [order.assignedTo]), ctx.models.OrderNote.count({ where: { orderId: order.id } })]);
    const event: BoardOrderEvent = {
      uid: order.uid,
      change,
      by: { id: by.id, email: by.email },
      assignedTo: order.assignedTo ? (refs.get(order.assignedTo) ?? { id: order.assignedTo, email: '' }) : null,
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

async function presentAfter(ctx: OrdersContext, order: Order, change: BoardChange, caller: BoardCaller): Promise<BoardOrderRow> {
  await publishBoard(ctx, order, change, caller);
  const [row] = await presentBoardRows(ctx.models, [order], caller.id);
  return row!;
}

/** Claims the order for the caller: a conditional update WHERE assignedTo IS NULL; again by the holder = no change. */
export async function claimOrder(ctx: OrdersContext, orderId: number, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders, User } = ctx.models;
  const result = await writeTransaction(ctx.sequelize, async (transaction) => {
    const now = ctx.now();
    const [count] = await Orders.update({ assignedTo: caller.id, assignedAt: now }, { where: { id: orderId, assignedTo: null }, transaction });
    const order = (await Orders.findByPk(orderId, { transaction }))!;
    if (count !== 1) {
      if (order.assignedTo === caller.id) return { order, changed: false };
      const holder = order.assignedTo ? await User.findByPk(order.assignedTo, { attributes: ['email'], transaction }) : null;
      throw new OrderClaimed({ values: { email: holder?.email ?? '?' } });
    }
    await recordAudit(ctx.models, transaction, {
      actor: caller,
      ip: caller.ip ?? null,
      action: 'order.claim',
      target: { type: 'order', id: order.uid },
      before: { assignedTo: null },
      after: { assignedTo: caller.id },
    });
    return { order, changed: true };
  });
  if (!result.changed) return (await presentBoardRows(ctx.models, [result.order], caller.id))[0]!;
  return presentAfter(ctx, result.order, 'claim', caller);
}

/** Releases the order: its holder or an admin (403 otherwise); a free order stays free. */
export async function releaseOrder(ctx: OrdersContext, orderId: number, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders } = ctx.models;
  const order = await writeTransaction(ctx.sequelize, async (transaction) => {
    const current = (await Orders.findByPk(orderId, { transaction }))!;
    const holder = current.assignedTo;
    if (holder === null || holder === undefined) return current;
    if (holder !== caller.id && caller.role !== 'admin') throw new ForbiddenError();
    const [count] = await Orders.update({ assignedTo: null, assignedAt: null }, { where: { id: orderId, assignedTo: holder }, transaction });
    if (count !== 1) throw new ConflictError();
    await recordAudit(ctx.models, transaction, {
      actor: caller,
      ip: caller.ip ?? null,
      action: 'order.release',
      target: { type: 'order', id: current.uid },
      before: { assignedTo: holder },
      after: { assignedTo: null },
    });
    return current.reload({ transaction });
  });
  return presentAfter(ctx, order, 'release', caller);
}

/** Gives the order to another ACTIVE staff member (admins only: the route's policy). */
export async function reassignOrder(ctx: OrdersContext, orderId: number, userId: number, caller: BoardCaller, invalid: () => ValidationError): Promise<BoardOrderRow> {
  const { Order: Orders, User } = ctx.models;
  const order = await writeTransaction(ctx.sequelize, async (transaction) => {
    const target = await User.findByPk(userId, { transaction });
    if (!target || target.status !== 'active' || !(STAFF_ROLES as readonly string[]).includes(target.role)) throw invalid();
    const current = (await Orders.findByPk(orderId, { transaction }))!;
    const before = current.assignedTo ?? null;
    await Orders.update({ assignedTo: userId, assignedAt: ctx.now() }, { where: { id: orderId }, transaction });
    await recordAudit(ctx.models, transaction, {
      actor: caller,
      ip: caller.ip ?? null,
      action: 'order.reassign',
      target: { type: 'order', id: current.uid },
      before: { assignedTo: before },
      after: { assignedTo: userId },
    });
    return current.reload({ transaction });
  });
  return presentAfter(ctx, order, 'reassign', caller);
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
  return (await presentBoardRows(ctx.models, [order], caller.id))[0]!;
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
  await publishBoard(ctx, order, 'note', caller);
  return presentNote(order, note, new Map([[caller.id, { id: caller.id, email: caller.email }]]));
}

export async function escalateOrder(ctx: OrdersContext, orderId: number, reason: string, caller: BoardCaller): Promise<BoardOrderRow> {
  const { Order: Orders } = ctx.models;
  const order = await writeTransaction(ctx.sequelize, async (transaction) => {
    const current = (await Orders.findByPk(orderId, { transaction }))!;
    const before = { escalatedAt: iso(current.escalatedAt), escalationReason: current.escalationReason ?? null };
    const now = ctx.now();
    await Orders.update({ escalatedAt: now, escalationReason: reason }, { where: { id: orderId }, transaction });
    await recordAudit(ctx.models, transaction, {
      actor: caller,
      ip: caller.ip ?? null,
      action: 'order.escalate',
      target: { type: 'order', id: current.uid },
      before,
      after: { escalatedAt: iso(now), escalationReason: reason },
    });
    return current.reload({ transaction });
  });
  return presentAfter(ctx, order, 'escalate', caller);
}

export { BOARD_PAGE_SIZE };
