import Router from '@koa/router';
import { requireUser, signedInUser } from '../accounts/requireUser';
import { NotFoundError } from '../platform/errors';
import type { KV } from '../platform/kv/types';
import { respond } from '../platform/http/respond';
import type { AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { Models } from '../models';
import type { OrdersContext } from './context';
import { UID_PATTERN } from './secrets';
import { userExchangesQuerySchema } from './userExchangeSchemas';
import { listUserExchanges, userExchangeLink } from './userExchanges';

/**
 * The signed-in user's history (common/userExchanges.ts): `GET /user/exchanges` and
 * `GET /user/exchanges/:uid/link`. Both need a session (401 otherwise) and answer `no-store`.
 */
export function userExchangeRoutes(deps: { orders: OrdersContext; kv: KV; models: Pick<Models, 'User'> }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/user/exchanges' });
  const signedIn = requireUser({ kv: deps.kv, models: deps.models });

  router.get('/', signedIn, validate(userExchangesQuerySchema, 'query'), async function listExchanges(ctx) {
    respond(ctx, await listUserExchanges(deps.orders.models, signedInUser(ctx).id, ctx.state.input));
  });

  router.get('/:uid/link', signedIn, async function exchangeLink(ctx) {
    if (!UID_PATTERN.test(ctx.params.uid ?? '')) throw new NotFoundError();
    respond(ctx, { url: await userExchangeLink(deps.orders, signedInUser(ctx).id, ctx.params.uid!) });
  });

  return router;
}
