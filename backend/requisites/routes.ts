import Router from '@koa/router';
import { createRequisiteSchema, type RequisiteList } from '../../common/requisites';
import { requireUser, signedInUser } from '../accounts/requireUser';
import type { Models } from '../models';
import { NotFoundError } from '../platform/errors';
import { respond } from '../platform/http/respond';
import type { AppContext, AppState } from '../platform/http/types';
import { validate } from '../platform/http/validate';
import type { KV } from '../platform/kv/types';
import type { RateLimits } from '../platform/security/rateLimit';
import { receivedFile, receiveSingleFile, removeStoredImage, storeImage } from '../uploads';
import { addRequisite, attachRequisitePhoto, removeRequisite } from './commands';
import type { RequisitesContext } from './context';
import { presentRequisite } from './presenters';
import { findUserRequisite, listUserRequisites } from './queries';

/** Adds and photos per user an hour: enough for a person, not for filling the disk or the queue. */
export const REQUISITE_WRITES_PER_HOUR = 30;

/** The photo upload takes a multipart body: the API's JSON-only body parser lets it through. */
export const REQUISITE_UPLOAD_PATH = /^\/api\/user\/requisites\/\d+\/photo$/;

/** The signed-in user's own requisite `:id`; anyone else's (or a deleted one) is 404. */
async function ownRequisite(ctx: AppContext, models: Pick<Models, 'Requisite'>) {
  const id = String(ctx.params.id ?? '');
  const row = /^\d{1,12}$/.test(id) ? await findUserRequisite(models, signedInUser(ctx).id, Number(id)) : null;
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * `GET/POST /api/user/requisites`, `GET/DELETE /api/user/requisites/{id}`,
 * `POST /api/user/requisites/{id}/photo` (multipart `file`: checked, re-encoded, stripped by
 * backend/uploads; the card then waits in the operators' queue).
 */
export function requisiteRoutes(deps: { requisites: RequisitesContext; kv: KV; rateLimits: RateLimits }): Router<AppState> {
  const { requisites } = deps;
  const { models } = requisites;
  const router = new Router<AppState>({ prefix: '/user/requisites' });
  router.use(requireUser({ kv: deps.kv, models }));
  const limitWrites = deps.rateLimits.rateLimit({
    name: 'requisites.write',
    points: REQUISITE_WRITES_PER_HOUR,
    durationSec: 3600,
    key: (ctx) => String(signedInUser(ctx).id),
  });

  router.get('/', async function listRequisites(ctx) {
    const now = requisites.now();
    const body: RequisiteList = { requisites: (await listUserRequisites(models, signedInUser(ctx).id)).map((row) => presentRequisite(row, now)) };
    respond(ctx, body);
  });

  router.post('/', limitWrites, validate(createRequisiteSchema), async function createRequisite(ctx) {
    const row = await addRequisite(requisites, { user: signedInUser(ctx), input: ctx.state.input, t: ctx.state.t });
    respond(ctx, presentRequisite(row, requisites.now()), 201);
  });

  router.get('/:id', async function getRequisite(ctx) {
    respond(ctx, presentRequisite(await ownRequisite(ctx, models), requisites.now()));
  });

  router.delete('/:id', async function deleteRequisite(ctx) {
    const photo = await removeRequisite(requisites, { row: await ownRequisite(ctx, models) });
    if (photo) await removeStoredImage(requisites.uploadDir, photo).catch(() => undefined);
    respond(ctx, null);
  });

  router.post('/:id/photo', limitWrites, async function findForPhoto(ctx, next) {
    ctx.state.requisite = await ownRequisite(ctx, models);
    await next();
  }, receiveSingleFile(), async function uploadPhoto(ctx) {
    const stored = await storeImage(requisites.uploadDir, receivedFile(ctx), 'card');
    try {
      const { row, replaced } = await attachRequisitePhoto(requisites, { row: ctx.state.requisite!, key: stored.key });
      if (replaced) await removeStoredImage(requisites.uploadDir, replaced).catch(() => undefined);
      respond(ctx, presentRequisite(row, requisites.now()));
    } catch (error) {
      await removeStoredImage(requisites.uploadDir, stored.key).catch(() => undefined);
      throw error;
    }
  });

  return router;
}

declare module '../platform/http/types' {
  interface AppState {
    /** The requisite a photo upload is for (requisites/routes.ts). */
    requisite?: import('../models').Requisite;
  }
}
