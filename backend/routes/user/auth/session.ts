import Router from '@koa/router';
import { ErrorCode, type ApiFailure } from '../../../../common/api';
import { UnauthorizedError } from '../../../lib/errors';
import type { KV } from '../../../lib/kv/types';
import type { AppContext, AppState } from '../../../middlewares/types';
import { endAllSessions, isSessionCurrent } from '../../../accounts/sessions';
import { respond } from '../../respond';
import type { FindSessionUser } from './sessionUser';

/**
 * `GET /user/auth/session/get/` (with or without the trailing slash): the signed-in user, or, when
 * signed out (also when the user's sessions were ended since this one signed in), 200 with
 * `success: false` and `not_signed_in`: asking is not an error, so a visitor's every first page
 * load does not log one. Every other call keeps the 401 rule.
 * `DELETE /user/auth/session/destroy`: ends the session. `DELETE /user/auth/session/destroy-all`:
 * ends every session of the user (sign out everywhere).
 */
export function sessionRoutes(deps: { findSessionUser: FindSessionUser; kv: KV }): Router<AppState> {
  const router = new Router<AppState>();

  async function currentUserId(ctx: AppContext): Promise<number | null> {
    const hadUser = typeof ctx.session?.userId === 'number';
    const userId = await isSessionCurrent(deps.kv, ctx.session);
    if (userId === null && hadUser) ctx.session = null;
    return userId;
  }

  async function getSession(ctx: AppContext) {
    ctx.set('Cache-Control', 'no-store');
    const userId = await currentUserId(ctx);
    const user = userId === null ? null : await deps.findSessionUser(userId);
    if (user === null) {
      if (userId !== null) ctx.session = null;
      const body: ApiFailure = { success: false, error: { code: ErrorCode.NotSignedIn, message: ctx.state.t('errors.not_signed_in') } };
      ctx.body = body;
      return;
    }
    respond(ctx, user);
  }

  // The router ignores a trailing slash, so this also answers the spec's `/get/`.
  router.get('/user/auth/session/get', getSession);

  router.delete('/user/auth/session/destroy', async function destroySession(ctx) {
    ctx.session = null;
    respond(ctx, null);
  });

  router.delete('/user/auth/session/destroy-all', async function destroyAllSessions(ctx) {
    const userId = await currentUserId(ctx);
    if (userId === null) throw new UnauthorizedError();
    await endAllSessions(deps.kv, userId);
    ctx.session = null;
    respond(ctx, null);
  });

  return router;
}
