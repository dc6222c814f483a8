import Router from '@koa/router';
import type { KV } from '../../../lib/kv/types';
import type { AppState } from '../../../middlewares/types';
import { endAllSessions } from '../../../accounts/sessions';
import type { Models } from '../../../models';
import { presentProfile } from '../../../presenters/user';
import { respond } from '../../respond';
import { requireUser, signedInUser } from '../requireUser';

/**
 * `GET /user/auth/session/get/` (with or without the trailing slash): the signed-in user, or 401
 * when signed out (also when the user's sessions were ended since this one signed in).
 * `DELETE /user/auth/session/destroy`: ends the session. `DELETE /user/auth/session/destroy-all`:
 * ends every session of the user (sign out everywhere).
 */
export function sessionRoutes(deps: { kv: KV; models: Pick<Models, 'User'> }): Router<AppState> {
  const router = new Router<AppState>();

  // The router ignores a trailing slash, so this also answers the spec's `/get/`.
  router.get('/user/auth/session/get', requireUser(deps), async function getSession(ctx) {
    respond(ctx, presentProfile(signedInUser(ctx)));
  });

  router.delete('/user/auth/session/destroy', async function destroySession(ctx) {
    ctx.session = null;
    respond(ctx, null);
  });

  router.delete('/user/auth/session/destroy-all', requireUser(deps), async function destroyAllSessions(ctx) {
    await endAllSessions(deps.kv, signedInUser(ctx).id);
    ctx.session = null;
    respond(ctx, null);
  });

  return router;
}
