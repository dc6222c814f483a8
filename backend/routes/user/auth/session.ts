import Router from '@koa/router';
import { UnauthorizedError } from '../../../lib/errors';
import type { AppContext, AppState } from '../../../middlewares/types';
import { respond } from '../../respond';
import type { FindSessionUser } from './sessionUser';

/**
 * `GET /user/auth/session/get/` (with or without the trailing slash): the signed-in user, or 401
 * when signed out. `DELETE /user/auth/session/destroy`: ends the session.
 */
export function sessionRoutes(deps: { findSessionUser: FindSessionUser }): Router<AppState> {
  const router = new Router<AppState>();

  async function getSession(ctx: AppContext) {
    ctx.set('Cache-Control', 'no-store');
    const userId = ctx.session?.userId;
    const user = typeof userId === 'number' ? await deps.findSessionUser(userId) : null;
    if (user === null) {
      if (typeof userId === 'number') ctx.session = null;
      throw new UnauthorizedError();
    }
    respond(ctx, user);
  }

  // The router ignores a trailing slash, so this also answers the spec's `/get/`.
  router.get('/user/auth/session/get', getSession);

  router.delete('/user/auth/session/destroy', async function destroySession(ctx) {
    ctx.session = null;
    respond(ctx, null);
  });

  return router;
}
