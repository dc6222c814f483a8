import Router from '@koa/router';
import type { AuditList } from '../../common/audit';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import type { Models } from '../models';
import { ADMIN_ROLES, requireStaff, type StaffDeps } from '../console/policy';
import { presentAuditRecord } from './presenters';
import { listAudit } from './queries';
import { auditListSchema } from './schemas';

/** `GET /api/admin/audit` (admins): the staff audit, newest first, filtered by action, actor or target. */
export function auditRoutes(deps: StaffDeps & { models: Pick<Models, 'User' | 'AuditRecord'> }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin/audit' });
  router.use(...requireStaff(deps, ADMIN_ROLES));
  router.get('/', validate(auditListSchema, 'query'), async function listAuditRecords(ctx) {
    const { records, nextCursor } = await listAudit(deps.models, ctx.state.input);
    const body: AuditList = { records: records.map(presentAuditRecord), nextCursor };
    respond(ctx, body);
  });
  return router;
}
