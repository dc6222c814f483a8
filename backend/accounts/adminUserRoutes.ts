import Router from '@koa/router';
import type { AdminUserList } from '../../common/usersAdmin';
import type { AppContext, AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import { NotFoundError } from '../platform/errors';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import type { Models } from '../models';
import { requestSessionId } from '../platform/http/session';
import { changeUserAccess, endUserSession, loadAdminUser, presentAdminUserSummary, searchUsers, type UserAccessChange } from './adminUsers';
import { adminUserRoleSchema, adminUserSearchSchema } from './schemas';

function userId(ctx: AppContext): number {
  const id = String(ctx.params.id ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/** A session's opaque name (opaqueSessionId: 16 base64url characters), else 404. */
function sessionName(ctx: AppContext): string {
  const name = String(ctx.params.sessionId ?? '');
  if (!/^[A-Za-z0-9_-]{16}$/.test(name)) throw new NotFoundError();
  return name;
}

const viewerOf = (ctx: AppContext) => ({ sessionId: requestSessionId(ctx) });

/**
 * `/api/admin/users`: search (`GET /?q=&cursor=`) and one user (`GET /{id}`) for staff — the
 * operators' customer look-up, read-only; `POST /{id}/block`, `POST /{id}/unblock` and
 * `PUT /{id}/role` {role} and `DELETE /{id}/sessions/{sessionId}` (ends one session) for admins.
 */
export function adminUserRoutes(deps: StaffDeps & { models: Pick<Models, 'User' | 'Order' | 'AuditRecord'> }): Router<AppState> {
  const ctxOf = { kv: deps.kv, models: deps.models };
  const router = new Router<AppState>({ prefix: '/admin/users' });
  const staff = requireStaff(deps);
  const admin = requireStaff(deps, ADMIN_ROLES);

  router.get('/', ...staff, validate(adminUserSearchSchema, 'query'), async function searchUserList(ctx) {
    const { users, nextCursor } = await searchUsers(deps.models, ctx.state.input);
    const body: AdminUserList = { users: users.map(presentAdminUserSummary), nextCursor };
    respond(ctx, body);
  });

  router.get('/:id', ...staff, async function getUser(ctx) {
    respond(ctx, await loadAdminUser(ctxOf, userId(ctx), viewerOf(ctx)));
  });

  const change = (ctx: AppContext, what: UserAccessChange) =>
    changeUserAccess(ctxOf, { userId: userId(ctx), actor: staffActor(ctx), ip: ctx.ip, viewer: viewerOf(ctx), change: what });

  router.post('/:id/block', ...admin, async function blockUser(ctx) {
    respond(ctx, await change(ctx, { kind: 'block' }));
  });
  router.post('/:id/unblock', ...admin, async function unblockUser(ctx) {
    respond(ctx, await change(ctx, { kind: 'unblock' }));
  });
  router.put('/:id/role', ...admin, validate(adminUserRoleSchema), async function changeRole(ctx) {
    respond(ctx, await change(ctx, { kind: 'role', role: ctx.state.input.role }));
  });
  router.delete('/:id/sessions/:sessionId', ...admin, async function endOneSession(ctx) {
    const props = { userId: userId(ctx), sessionId: sessionName(ctx), actor: staffActor(ctx), ip: ctx.ip, viewer: viewerOf(ctx) };
    respond(ctx, await endUserSession(ctxOf, props));
  });
  return router;
}
