import Router from '@koa/router';
import type { Sequelize } from 'sequelize';
import type { PaymentDetailList } from '../../common/paymentDetails';
import type { AppContext, AppState } from '../platform/http/types';
import { respond } from '../platform/http/respond';
import { validate } from '../platform/http/validate';
import type { Models } from '../models';
import { ADMIN_ROLES, requireStaff, staffActor, type StaffDeps } from '../console/policy';
import { createPaymentDetail, deletePaymentDetail, listPaymentDetails, presentPaymentDetail, type StaffWrite } from './paymentDetailsAdmin';
import { createPaymentDetailSchema, paymentDetailIdSchema } from './schemas';

export interface PaymentDetailRoutesDeps extends StaffDeps {
  sequelize: Sequelize;
  models: Pick<Models, 'User' | 'Asset' | 'PaymentDetail' | 'AuditRecord'>;
}

/**
 * `GET|POST /api/admin/payment-details`, `DELETE /api/admin/payment-details/:id` (admins): where
 * customers pay (./paymentDetailsAdmin.ts). Answers are never cached: they carry the accounts.
 */
export function paymentDetailRoutes(deps: PaymentDetailRoutesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/admin/payment-details' });
  router.use(...requireStaff(deps, ADMIN_ROLES));
  const write = (ctx: AppContext): StaffWrite => ({ sequelize: deps.sequelize, models: deps.models, actor: staffActor(ctx), ip: ctx.ip || null });

  router.get('/', async function listDetails(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const body: PaymentDetailList = { details: (await listPaymentDetails(deps.models)).map(presentPaymentDetail) };
    respond(ctx, body);
  });

  router.post('/', validate(createPaymentDetailSchema), async function createDetail(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const row = await createPaymentDetail(write(ctx), ctx.state.input, ctx.state.t);
    respond(ctx, presentPaymentDetail(row), 201);
  });

  router.delete('/:id', async function deleteDetail(ctx) {
    const { id } = await paymentDetailIdSchema.validate({ id: ctx.params.id }).catch(() => ({ id: '0' }));
    await deletePaymentDetail(write(ctx), Number(id));
    respond(ctx, { deleted: true });
  });
  return router;
}
