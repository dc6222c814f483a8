/** The staff audit as the console shows it (`GET /api/admin/audit`). */
export interface AuditRecordDto {
  id: number;
  /** ISO time. */
  createdAt: string;
  actor: { id: number; email: string | null; role: string | null } | null;
  action: string;
  target: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

export interface AuditList {
  records: AuditRecordDto[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;
