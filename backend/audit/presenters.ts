import type { AuditRecordDto } from '../../common/audit';
import type { AuditRecord } from '../models';

export function presentAuditRecord(record: AuditRecord): AuditRecordDto {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    actor: record.actorId === null ? null : { id: record.actorId, email: record.actorEmail, role: record.actorRole },
    action: record.action,
    target: { type: record.targetType, id: record.targetId },
    before: record.before,
    after: record.after,
    ip: record.ip,
  };
}
