/**
 * The blacklist's writes: add and remove an entry (admins, audited `blacklist.add`/`blacklist.remove`),
 * and the system's record of a match (`blacklist.match`) when an order is refused or held.
 */
import { Op, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import type { BlacklistKind } from '../../common/blacklist';
import { recordAudit, type AuditActor } from '../audit/record';
import type { BlacklistEntry, Models } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ConflictError, NotFoundError } from '../platform/errors';
import { cardDigits, cardHash, formatCidr, normalizeBlacklistEmail, normalizeWallet, parseCidr } from './normalize';
import type { BlacklistAddInput, BlacklistListQuery } from './schemas';

export interface BlacklistContext {
  sequelize: Sequelize;
  models: Pick<Models, 'BlacklistEntry' | 'AuditRecord'>;
  /** The app secret keys: cards are hashed under [0] and matched under any. */
  secretKeys: readonly string[];
}

export interface StaffWrite {
  actor: AuditActor;
  ip: string | null;
}

/** What is stored for a value of `kind` (validated by the schema already). */
export function storedValue(kind: BlacklistKind, value: string, secretKeys: readonly string[]): { value: string; last4: string | null } {
  switch (kind) {
    case 'card': {
      const digits = cardDigits(value)!;
      return { value: cardHash(digits, secretKeys[0]!), last4: digits.slice(-4) };
    }
    case 'ip':
      return { value: formatCidr(parseCidr(value)!), last4: null };
    case 'email':
      return { value: normalizeBlacklistEmail(value), last4: null };
    default:
      return { value: normalizeWallet(value), last4: null };
  }
}

/** What the audit keeps of an entry: never a card's hash. */
function auditView(entry: BlacklistEntry): Record<string, unknown> {
  return { kind: entry.kind, value: entry.kind === 'card' ? `**** ${entry.last4}` : entry.value, action: entry.action, reason: entry.reason };
}

export async function addBlacklistEntry(ctx: BlacklistContext, props: StaffWrite & { input: BlacklistAddInput }): Promise<BlacklistEntry> {
  const { kind, action, reason } = props.input;
  const stored = storedValue(kind, props.input.value, ctx.secretKeys);
  try {
    return await writeTransaction(ctx.sequelize, async (transaction) => {
      const entry = await ctx.models.BlacklistEntry.create({ kind, ...stored, action, reason: reason.trim(), createdById: props.actor.id }, { transaction });
      await recordAudit(ctx.models, transaction, { actor: props.actor, ip: props.ip, action: 'blacklist.add', target: { type: 'blacklist', id: entry.id }, after: auditView(entry) });
      return entry;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError({ messageKey: 'blacklist.errors.duplicate', cause: error });
    throw error;
  }
}

export async function removeBlacklistEntry(ctx: BlacklistContext, props: StaffWrite & { id: number }): Promise<void> {
  await writeTransaction(ctx.sequelize, async (transaction) => {
    const entry = await ctx.models.BlacklistEntry.findByPk(props.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!entry) throw new NotFoundError();
    await entry.destroy({ transaction });
    await recordAudit(ctx.models, transaction, { actor: props.actor, ip: props.ip, action: 'blacklist.remove', target: { type: 'blacklist', id: entry.id }, before: auditView(entry) });
  });
}

/** The system's audit record of a match, in the transaction of the order's change (or its own for a refusal). */
export async function recordBlacklistMatch(
  models: Pick<Models, 'AuditRecord'>,
  transaction: Transaction,
  props: { entry: BlacklistEntry; ip: string | null; order: string | null; email: string },
): Promise<void> {
  await recordAudit(models, transaction, {
    actor: null,
    ip: props.ip,
    action: 'blacklist.match',
    target: { type: 'blacklist', id: props.entry.id },
    after: { kind: props.entry.kind, action: props.entry.action, order: props.order, email: props.email },
  });
}

export const BLACKLIST_PAGE = 50;

export async function listBlacklist(models: Pick<Models, 'BlacklistEntry'>, query: BlacklistListQuery): Promise<{ entries: BlacklistEntry[]; nextCursor: string | null }> {
  const where = {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.cursor ? { id: { [Op.lt]: Number(query.cursor) } } : {}),
  };
  const rows = await models.BlacklistEntry.findAll({ where, order: [['id', 'DESC']], limit: BLACKLIST_PAGE + 1 });
  const entries = rows.slice(0, BLACKLIST_PAGE);
  return { entries, nextCursor: rows.length > BLACKLIST_PAGE ? String(entries.at(-1)!.id) : null };
}
