import Router from '@koa/router';
import { boolean, object } from 'yup';
import { validationMessage } from '../../common/validation';
import type { AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import type { Maintenance } from './maintenance';

export const maintenanceSwitchSchema = object({
  enabled: boolean().strict().required(validationMessage('required')).typeError(validationMessage('general_error')),
});

/** `GET|PUT /api/admin/maintenance` (admins): the run-time maintenance switch (./maintenance.ts). */
export function maintenanceRoutes(deps: StaffDeps & { maintenance: Maintenance }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin/maintenance' });
  router.use(...requireStaff(deps, ADMIN_ROLES));
  router.get('/', async function maintenanceState(ctx) {
    ctx.set('Cache-Control', 'no-store');
    respond(ctx, await deps.maintenance.state());
  });
  router.put('/', validate(maintenanceSwitchSchema), async function switchMaintenance(ctx) {
    ctx.set('Cache-Control', 'no-store');
    respond(ctx, await deps.maintenance.set(ctx.state.input.enabled, { actor: staffActor(ctx), ip: ctx.ip || null }));
  });
  return router;
}
