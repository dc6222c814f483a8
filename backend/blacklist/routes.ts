import Router from '@koa/router';
import type { BlacklistList } from '../../common/blacklist';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import { NotFoundError } from '../platform/errors';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { addBlacklistEntry, listBlacklist, removeBlacklistEntry, type BlacklistContext } from './commands';
import { presentBlacklistEntry } from './presenters';
import { blacklistAddSchema, blacklistListSchema } from './schemas';

/** `GET/POST /api/admin/blacklist`, `DELETE /api/admin/blacklist/{id}` (admins). */
export function blacklistRoutes(deps: StaffDeps & { blacklist: BlacklistContext }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin/blacklist' });
  router.use(...requireStaff(deps, ADMIN_ROLES));

  router.get('/', validate(blacklistListSchema, 'query'), async function listEntries(ctx) {
    const { entries, nextCursor } = await listBlacklist(deps.blacklist.models, ctx.state.input);
    const body: BlacklistList = { entries: entries.map(presentBlacklistEntry), nextCursor };
    respond(ctx, body);
  });

  router.post('/', validate(blacklistAddSchema), async function addEntry(ctx) {
    const entry = await addBlacklistEntry(deps.blacklist, { actor: staffActor(ctx), ip: ctx.ip, input: ctx.state.input });
    respond(ctx, presentBlacklistEntry(entry), 201);
  });

  router.delete('/:id', async function removeEntry(ctx) {
    const id = String(ctx.params.id ?? '');
    if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
    await removeBlacklistEntry(deps.blacklist, { actor: staffActor(ctx), ip: ctx.ip, id: Number(id) });
    respond(ctx, null);
  });
  return router;
}
