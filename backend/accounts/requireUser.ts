import { UnauthorizedError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import type { Models, User } from '../models';
import { isSessionCurrent } from './sessions';

declare module '../platform/http/types' {
  interface AppState {
    /** The signed-in user, set by requireUser(). */
    user?: User;
  }
}

/**
 * The signed-in, active user of this request's session, or null. A session whose user is gone,
 * blocked, deleted or whose sessions were ended since (epoch) is ended here.
 */
export async function loadSessionUser(ctx: AppContext, deps: { kv: KV; models: Pick<Models, 'User'> }): Promise<User | null> {
  const session = ctx.session;
  if (typeof session?.userId !== 'number') return null;
  const userId = await isSessionCurrent(deps.kv, session);
  const user = userId === null ? null : await deps.models.User.findByPk(userId);
  if (!user || user.status !== 'active') {
    ctx.session = null;
    return null;
  }
  return user;
}

/** 401 unless signed in; puts the user on `ctx.state.user`. */
export function requireUser(deps: { kv: KV; models: Pick<Models, 'User'> }): AppMiddleware {
  return async function requireUserMiddleware(ctx, next) {
    ctx.set('Cache-Control', 'no-store');
    const user = await loadSessionUser(ctx, deps);
    if (!user) throw new UnauthorizedError();
    ctx.state.user = user;
    await next();
  };
}

/** The user requireUser() put on the context. */
export function signedInUser(ctx: AppContext): User {
  const user = ctx.state.user;
  if (!user) throw new UnauthorizedError();
  return user;
}
