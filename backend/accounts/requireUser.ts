import { UnauthorizedError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import type { AppContext, AppMiddleware } from '../platform/http/types';
import type { Models, User } from '../models';
import { accountCacheOf } from './accountCache';
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
  const user = await currentSessionUser(session.userId, session.epoch ?? 0, deps);
  if (!user || user.status !== 'active') {
    ctx.session = null;
    return null;
  }
  return user;
}

/** The session's user while its epoch is current (through the account cache where one is registered). */
async function currentSessionUser(userId: number, epoch: number, deps: { kv: KV; models: Pick<Models, 'User'> }): Promise<User | null> {
  const cache = accountCacheOf(deps.models.User);
  if (cache) return (await cache.load(userId, epoch)).user;
  return (await isSessionCurrent(deps.kv, { userId, epoch })) === null ? null : deps.models.User.findByPk(userId);
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
