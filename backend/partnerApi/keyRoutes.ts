import Router from '@koa/router';
import { API_KEY_PATTERN, apiKeyPatchSchema, webhookDeliveriesQuerySchema } from '../../common/partnerApi';
import { requireUser, signedInUser } from '../accounts/requireUser';
import type { KV } from '../platform/kv/types';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { RateLimits } from '../platform/security/rateLimit';
import { createApiKey, deleteApiKey, findOwnKey, listOwnKeys, patchApiKey, presentApiKey, type KeysContext } from './keys';
import { listWebhookDeliveries } from './webhooks/deliveries';

/** Key writes per user an hour. */
export const API_KEY_WRITES_PER_HOUR = 60;

/** The signed-in user's live key `:apiKey`; anyone else's (or a deleted one) is 404. */
async function ownKey(ctx: AppContext, keys: KeysContext) {
  const publicKey = String(ctx.params.apiKey ?? '');
  const row = API_KEY_PATTERN.test(publicKey) ? await findOwnKey(keys.models, signedInUser(ctx).id, publicKey) : null;
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * `GET/POST /api/user/api-keys`, `PATCH/DELETE /api/user/api-keys/{apiKey}`, `GET
 * /api/user/api-keys/{apiKey}/deliveries?cursor=` (the key's webhook log; signed-in users, the
 * API's same-origin check). The secret is answered once, by the POST; nothing here logs it.
 */
export function apiKeyRoutes(deps: { keys: KeysContext; kv: KV; rateLimits: RateLimits }): Router<AppState> {
  const { keys } = deps;
  const router = new Router<AppState>({ prefix: '/user/api-keys' });
  router.use(requireUser({ kv: deps.kv, models: keys.models }));
  const limitWrites = deps.rateLimits.rateLimit({
    name: 'apikeys.write',
    points: API_KEY_WRITES_PER_HOUR,
    durationSec: 3600,
    key: (ctx) => String(signedInUser(ctx).id),
  });

  router.get('/', async function listApiKeys(ctx) {
    respond(ctx, (await listOwnKeys(keys.models, signedInUser(ctx).id)).map(presentApiKey));
  });

  router.post('/', limitWrites, async function createKey(ctx) {
    respond(ctx, await createApiKey(keys, signedInUser(ctx)), 201);
  });

  router.patch('/:apiKey', limitWrites, validate(apiKeyPatchSchema), async function patchKey(ctx) {
    const row = await ownKey(ctx, keys);
    respond(ctx, presentApiKey(await patchApiKey(keys, { user: signedInUser(ctx), row, input: ctx.state.input, t: ctx.state.t })));
  });

  router.delete('/:apiKey', limitWrites, async function deleteKey(ctx) {
    await deleteApiKey(keys, await ownKey(ctx, keys));
    respond(ctx, null);
  });

  router.get('/:apiKey/deliveries', validate(webhookDeliveriesQuerySchema, 'query'), async function listDeliveries(ctx) {
    respond(ctx, await listWebhookDeliveries(keys.models, await ownKey(ctx, keys), ctx.state.input.cursor));
  });

  return router;
}
