/**
 * The staff's user look-up (operators and admins; by text, role and status) and the admins'
 * changes: block, unblock, role.
 * Every change runs in writeTransaction with its audit record (`user.block`, `user.unblock`,
 * `user.role`). No change may leave the console without an active admin: the active admins' rows
 * are locked first (FOR UPDATE, in id order, so two changes never deadlock) and counted inside the
 * transaction — two admins demoting each other at once leave one (on SQLite the writer queue
 * serialises the transactions anyway). A block ends the user's sessions at once (after the commit).
 */
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { UserRole } from '../../common/enums';
import { ADMIN_USER_ORDERS, ADMIN_USERS_PAGE, type AdminUserDto, type AdminUserSessionDto, type AdminUserStatus, type AdminUserSummaryDto } from '../../common/usersAdmin';
import { recordAudit, changedFields, type AuditActor } from '../audit/record';
import type { Models, User } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ForbiddenError, NotFoundError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import { LastAdmin, OwnAccount } from './errors';
import { endAllSessions } from './sessions';
import { endSession, findUserSession, listUserSessions, opaqueSessionId, type IndexedSession } from './sessionIndex';

export interface AdminUsersContext {
  kv: KV;
  models: Pick<Models, 'User' | 'Order' | 'AuditRecord'>;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function searchUsers(
  models: Pick<Models, 'User'>,
  query: { q?: string; role?: string; status?: AdminUserStatus; cursor?: string },
): Promise<{ users: User[]; nextCursor: string | null }> {
  const q = query.q?.trim() ?? '';
  const conditions: WhereOptions[] = [];
  if (q) {
    const like = `%${escapeLike(q.toLowerCase())}%`;
    const any: WhereOptions[] = [{ email: { [Op.like]: like } }, { firstName: { [Op.like]: like } }, { secondName: { [Op.like]: like } }];
    if (/^\d{1,12}$/.test(q)) any.push({ id: Number(q) });
    conditions.push({ [Op.or]: any });
  }
  // The staff list of the board's reassign control: role=operator,admin&status=active.
  if (query.role) conditions.push({ role: { [Op.in]: [...new Set(query.role.split(','))] } });
  if (query.status) conditions.push({ status: query.status });
  if (query.cursor) conditions.push({ id: { [Op.lt]: Number(query.cursor) } });
  const rows = await models.User.findAll({ where: { [Op.and]: conditions }, order: [['id', 'DESC']], limit: ADMIN_USERS_PAGE + 1 });
  const users = rows.slice(0, ADMIN_USERS_PAGE);
  return { users, nextCursor: rows.length > ADMIN_USERS_PAGE ? String(users.at(-1)!.id) : null };
}

export function presentAdminUserSummary(user: User): AdminUserSummaryDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    secondName: user.secondName,
    role: user.role,
    status: user.status,
    twoFactorEnabled: user.twoFactorEnabled,
    kycStatus: user.kycStatus,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Who asks: the session id their request came with marks that session `current`. */
export interface AdminUserViewer {
  sessionId: string | undefined;
}

function presentAdminUserSession(session: IndexedSession, viewer: AdminUserViewer): AdminUserSessionDto {
  return {
    id: opaqueSessionId(session.sessionId),
    createdAt: session.createdAt === null ? null : new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    current: session.sessionId === viewer.sessionId,
  };
}

/** One user with their last orders and live sessions, or 404. */
export async function loadAdminUser(ctx: AdminUsersContext, id: number, viewer: AdminUserViewer): Promise<AdminUserDto> {
  const user = await ctx.models.User.findByPk(id);
  if (!user) throw new NotFoundError();
  const orders = await ctx.models.Order.findAll({ where: { userId: user.id }, order: [['id', 'DESC']], limit: ADMIN_USER_ORDERS });
  return {
    ...presentAdminUserSummary(user),
    phone: user.phone,
    lang: user.lang,
    blockedUntil: user.blockedUntil?.toISOString() ?? null,
    activatedAt: user.activatedAt?.toISOString() ?? null,
    orders: orders.map((order) => ({
      uid: order.uid,
      status: order.status,
      fromCode: order.fromCode,
      toCode: order.toCode,
      amountSend: order.amountSend,
      amountReceive: order.amountReceive,
      createdAt: order.createdAt.toISOString(),
    })),
    sessions: (await listUserSessions(ctx.kv, user.id)).map((session) => presentAdminUserSession(session, viewer)),
  };
}

export type UserAccessChange = { kind: 'block' } | { kind: 'unblock' } | { kind: 'role'; role: UserRole };

/** The active admins' ids, their rows locked until the transaction ends (id order: no deadlock between two changes). */
async function lockActiveAdmins(models: Pick<Models, 'User'>, transaction: Transaction): Promise<number[]> {
  const rows = await models.User.findAll({
    attributes: ['id'],
    where: { role: 'admin', status: 'active' },
    order: [['id', 'ASC']],
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  return rows.map((row) => row.id);
}

function nextValues(user: User, change: UserAccessChange): Pick<User, 'role' | 'status' | 'blockedUntil'> {
  switch (change.kind) {
    case 'block':
      // No end date: only an admin lifts it (sign-in answers account_suspended meanwhile).
      return { role: user.role, status: 'blocked', blockedUntil: null };
    case 'unblock':
      if (user.status !== 'blocked') return { role: user.role, status: user.status, blockedUntil: user.blockedUntil };
      return { role: user.role, status: user.activatedAt ? 'active' : 'pending', blockedUntil: null };
    case 'role':
      return { role: change.role, status: user.status, blockedUntil: user.blockedUntil };
  }
}

/** Blocks, unblocks or changes the role of a user, as an admin; answers the user after the change. */
export async function changeUserAccess(
  ctx: AdminUsersContext,
  props: { userId: number; actor: AuditActor; ip: string | null; viewer: AdminUserViewer; change: UserAccessChange },
): Promise<AdminUserDto> {
  const { User: Users } = ctx.models;
  const changed = await writeTransaction(Users.sequelize!, async (transaction) => {
    const admins = await lockActiveAdmins(ctx.models, transaction);
    // The actor is read again under the lock: one demoted or blocked a moment ago no longer acts.
    if (!admins.includes(props.actor.id)) throw new ForbiddenError();
    const user = await Users.findByPk(props.userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user || user.status === 'deleted') throw new NotFoundError();
    // Blocking oneself makes no sense; stepping down from admin is fine while another admin stays.
    if (user.id === props.actor.id && props.change.kind !== 'role') throw new OwnAccount();
    const next = nextValues(user, props.change);
    const wasAdmin = admins.includes(user.id);
    const staysAdmin = next.role === 'admin' && next.status === 'active';
    if (wasAdmin && !staysAdmin && admins.length <= 1) throw new LastAdmin();
    const before: Record<string, unknown> = { role: user.role, status: user.status, blockedUntil: user.blockedUntil?.toISOString() ?? null };
    const after = { role: next.role, status: next.status, blockedUntil: next.blockedUntil?.toISOString() ?? null };
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length === 0) return false;
    await user.update(next as never, { transaction });
    const action = props.change.kind === 'role' ? 'user.role' : `user.${props.change.kind}`;
    await recordAudit(ctx.models, transaction, { actor: props.actor, ip: props.ip, action, target: { type: 'user', id: user.id }, ...diff });
    return true;
  });
  // Committed: a blocked user's sessions (HTTP and sockets) end now.
  if (changed && props.change.kind === 'block') await endAllSessions(ctx.kv, props.userId);
  return loadAdminUser(ctx, props.userId, props.viewer);
}

/**
 * Ends one session of a user, as an admin (audited `user.session_end` with the session's name,
 * address and browser); 404 unless it is a live session of that user. Ended after the commit, as
 * a block ends them all: the session's next request is signed out. Answers the user after.
 */
export async function endUserSession(
  ctx: AdminUsersContext,
  props: { userId: number; sessionId: string; actor: AuditActor; ip: string | null; viewer: AdminUserViewer },
): Promise<AdminUserDto> {
  const { User: Users } = ctx.models;
  const session = await writeTransaction(Users.sequelize!, async (transaction) => {
    const user = await Users.findByPk(props.userId, { transaction });
    if (!user) throw new NotFoundError();
    const found = await findUserSession(ctx.kv, user.id, props.sessionId);
    if (!found) throw new NotFoundError();
    await recordAudit(ctx.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'user.session_end',
      target: { type: 'user', id: user.id },
      before: { session: props.sessionId, ip: found.ip, userAgent: found.userAgent },
      after: null,
    });
    return found;
  });
  await endSession(ctx.kv, props.userId, session.sessionId);
  return loadAdminUser(ctx, props.userId, props.viewer);
}
