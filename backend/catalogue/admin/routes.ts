import Router from '@koa/router';
import { ASSET_CODE_PATTERN } from '../../../common/catalogue';
import {
  assetPatchSchema,
  directionListSchema,
  directionPatchSchema,
  reservePutSchema,
  type AdminDirectionList,
} from '../../../common/catalogueAdmin';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../../console/policy';
import type { Models } from '../../models';
import { NotFoundError } from '../../platform/errors';
import { respond } from '../../platform/http/respond';
import type { AppContext, AppState } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { setReserve, updateAsset, updateDirection, type CatalogueAdminContext } from './commands';
import { presentAdminAsset, presentAdminDirection, presentReserve } from './presenters';
import { listAdminAssets, listAdminDirections } from './queries';

/** A code from the path, or 404 (a code that cannot exist is unknown as well). */
function codeParam(ctx: AppContext, name: string): string {
  const code = String(ctx.params[name] ?? '');
  if (!ASSET_CODE_PATTERN.test(code)) throw new NotFoundError();
  return code;
}

function changeOf<P>(ctx: AppContext, patch: P) {
  return { actor: staffActor(ctx), ip: ctx.ip, patch, t: ctx.state.t };
}

/**
 * The admins' catalogue configuration (issue 12), admins only:
 * `GET /admin/assets`, `PATCH /admin/assets/:code`; `GET /admin/directions` (filtered, paged),
 * `PATCH /admin/directions/:from/:to`; `GET /admin/reserves`, `PUT /admin/reserves/:code`.
 */
export function catalogueAdminRoutes(deps: StaffDeps & Omit<CatalogueAdminContext, 'models'> & { models: Models }): Router<AppState> {
  const ctxOf: CatalogueAdminContext = { sequelize: deps.sequelize, models: deps.models, kv: deps.kv, logger: deps.logger };
  const router = new Router<AppState>({ prefix: '/admin' });
  const admins = requireStaff(deps, ADMIN_ROLES);

  router.get('/assets', ...admins, async function listAssets(ctx) {
    respond(ctx, { assets: (await listAdminAssets(deps.models)).map(presentAdminAsset) });
  });

  router.patch('/assets/:code', ...admins, validate(assetPatchSchema), async function patchAsset(ctx) {
    respond(ctx, await updateAsset(ctxOf, codeParam(ctx, 'code'), changeOf(ctx, ctx.state.input)));
  });

  router.get('/directions', ...admins, validate(directionListSchema, 'query'), async function listDirections(ctx) {
    const page = await listAdminDirections(deps.models, ctx.state.input);
    const body: AdminDirectionList = { ...page, directions: page.directions.map(presentAdminDirection) };
    respond(ctx, body);
  });

  router.patch('/directions/:from/:to', ...admins, validate(directionPatchSchema), async function patchDirection(ctx) {
    const key = { from: codeParam(ctx, 'from'), to: codeParam(ctx, 'to') };
    respond(ctx, await updateDirection(ctxOf, key, changeOf(ctx, ctx.state.input)));
  });

  router.get('/reserves', ...admins, async function listReserves(ctx) {
    respond(ctx, { reserves: (await listAdminAssets(deps.models)).map(presentReserve) });
  });

  router.put('/reserves/:code', ...admins, validate(reservePutSchema), async function putReserve(ctx) {
    respond(ctx, await setReserve(ctxOf, codeParam(ctx, 'code'), changeOf(ctx, ctx.state.input)));
  });

  return router;
}
