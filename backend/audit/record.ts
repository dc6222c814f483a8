import type { Transaction } from 'sequelize';
import type { Models } from '../models';

/** Who acted: a staff member (from the session) or the system (null), and the address they came from. */
export interface AuditActor {
  id: number;
  email: string;
  role: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  ip?: string | null;
  /** `<area>.<verb>`, e.g. `order.claim`, `direction.update`. */
  action: string;
  target: { type: string; id: string | number };
  /** Only the fields the action touched, before and after. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit record inside the transaction of the change it records, so a change and its
 * record commit or roll back together. Every staff command calls it; nothing edits a record.
 */
export async function recordAudit(models: Pick<Models, 'AuditRecord'>, transaction: Transaction, entry: AuditEntry): Promise<void> {
  await models.AuditRecord.create(
    {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      actorRole: entry.actor?.role ?? null,
      action: entry.action,
      targetType: entry.target.type,
      targetId: String(entry.target.id),
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
    },
    { transaction },
  );
}

/** The fields of `after` whose values differ from `before`: what an update changed, both sides. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}
