import Router from '@koa/router';
import { UnauthorizedError } from '../../../lib/errors';
import type { KV } from '../../../lib/kv/types';
import type { AppContext, AppState } from '../../../middlewares/types';
import { endAllSessions } from '../../../accounts/sessions';
import type { Models } from '../../../models';
import { presentProfile } from '../../../presenters/user';
import { respond } from '../../respond';
import { loadSessionUser } from '../requireUser';

/**
 * `GET /user/auth/session/get/` (with or without the trailing slash): the signed-in user, or 401
 * when signed out (also when the user's sessions were ended since this one signed in).
 * `DELETE /user/auth/session/destroy`: ends the session. `DELETE /user/auth/session/destroy-all`:
 * ends every session of the user (sign out everywhere).
 */
export function sessionRoutes(deps: { kv: KV; models: Pick<Models, 'User'> }): Router<AppState> {
  const router = new Router<AppState>();

  async function getSession(ctx: AppContext) {
    ctx.set('Cache-Control', 'no-store');
    const user = await loadSessionUser(ctx, deps);
    if (user === null) throw new UnauthorizedError();
    respond(ctx, presentProfile(user));
  }

  // The router ignores a trailing slash, so this also answers the spec's `/get/`.
  router.get('/user/auth/session/get', getSession);

  router.delete('/user/auth/session/destroy', async function destroySession(ctx) {
    ctx.session = null;
    respond(ctx, null);
  });

  router.delete('/user/auth/session/destroy-all', async function destroyAllSessions(ctx) {
    const user = await loadSessionUser(ctx, deps);
    if (user === null) throw new UnauthorizedError();
    await endAllSessions(deps.kv, user.id);
    ctx.session = null;
    respond(ctx, null);
  });

  return router;
}
