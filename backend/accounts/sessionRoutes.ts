import Router from '@koa/router';
import { ErrorCode, type ApiFailure } from '../../common/api';
import type { KV } from '../platform/kv/types';
import type { AppState } from '../platform/http/types';
import { endAllSessions } from './sessions';
import type { Models } from '../models';
import { presentProfile } from './presenters';
import { respond } from '../platform/http/respond';
import { loadSessionUser, requireUser, signedInUser } from './requireUser';

/**
 * `GET /user/auth/session/get/` (with or without the trailing slash): the signed-in user, or, when
 * signed out (also when the user's sessions were ended since this one signed in), 200 with
 * `success: false` and `not_signed_in`: asking is not an error, so a visitor's every first page
 * load does not log one. Every other call keeps the 401 rule.
 * `DELETE /user/auth/session/destroy`: ends the session. `DELETE /user/auth/session/destroy-all`:
 * ends every session of the user (sign out everywhere).
 */
export function sessionRoutes(deps: { kv: KV; models: Pick<Models, 'User'> }): Router<AppState> {
  const router = new Router<AppState>();

  // The router ignores a trailing slash, so this also answers the spec's `/get/`.
  router.get('/user/auth/session/get', async function getSession(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const user = await loadSessionUser(ctx, deps);
    if (user === null) {
      const body: ApiFailure = { success: false, error: { code: ErrorCode.NotSignedIn, message: ctx.state.t('errors.not_signed_in') } };
      ctx.body = body;
      return;
    }
    respond(ctx, presentProfile(user));
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
