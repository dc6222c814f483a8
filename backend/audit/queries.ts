import { Op, type WhereOptions } from 'sequelize';
import { AUDIT_PAGE_SIZE } from '../../common/audit';
import type { AuditRecord, Models } from '../models';
import type { AuditListQuery } from './schemas';

/** Newest first, AUDIT_PAGE_SIZE a page; `cursor` is the last id seen. */
export async function listAudit(models: Pick<Models, 'AuditRecord'>, query: AuditListQuery): Promise<{ records: AuditRecord[]; nextCursor: string | null }> {
  const where: WhereOptions<AuditRecord> = {};
  if (query.action) where.action = query.action;
  if (query.actorId !== undefined) where.actorId = query.actorId;
  if (query.targetType) where.targetType = query.targetType;
  if (query.targetId) where.targetId = query.targetId;
  if (query.cursor) where.id = { [Op.lt]: Number(query.cursor) };
  const rows = await models.AuditRecord.findAll({ where, order: [['id', 'DESC']], limit: AUDIT_PAGE_SIZE + 1 });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { records: page, nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(page[page.length - 1]!.id) : null };
}
