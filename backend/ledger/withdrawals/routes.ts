import Router from '@koa/router';
import { operatorWithdrawalListQuerySchema, type WithdrawalMove, withdrawalListQuerySchema, withdrawalQuoteQuerySchema, withdrawalRejectSchema, withdrawalRequestSchema } from '../../../common/referral';
import { requireUser, signedInUser } from '../../accounts/requireUser';
import { requireStaff, staffActor, type StaffDeps } from '../../console/policy';
import { NotFoundError } from '../../platform/errors';
import { respond } from '../../platform/http/respond';
import type { AppContext, AppState } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import type { KV } from '../../platform/kv/types';
import type { RateLimits } from '../../platform/security/rateLimit';
import { moveWithdrawal, quoteWithdrawal, requestWithdrawal } from './commands';
import type { WithdrawalsContext } from './context';
import { listOperatorWithdrawals, listUserWithdrawals, presentOperatorWithdrawal, presentWithdrawal } from './queries';

/** Withdrawal requests per user an hour: plenty for a person, not for flooding the operators. */
export const WITHDRAWALS_PER_HOUR = 120;

/**
 * The partner's withdrawals: `GET /api/user/partner/withdrawals/quote?currency=&amount=`,
 * `POST /api/user/partner/withdrawals` `{currency, amount, account, code?}` (201 WithdrawalDto),
 * `GET /api/user/partner/withdrawals?cursor=` (newest first).
 */
export function withdrawalRoutes(deps: { withdrawals: WithdrawalsContext; kv: KV; rateLimits: RateLimits }): Router<AppState> {
  const { withdrawals } = deps;
  const router = new Router<AppState>({ prefix: '/user/partner/withdrawals' });
  router.use(requireUser({ kv: deps.kv, models: withdrawals.models }));
  const limitRequests = deps.rateLimits.rateLimit({ name: 'withdrawals.request', points: WITHDRAWALS_PER_HOUR, durationSec: 3600, key: (ctx) => String(signedInUser(ctx).id) });

  router.get('/quote', validate(withdrawalQuoteQuerySchema, 'query'), async function quote(ctx) {
    respond(ctx, await quoteWithdrawal(withdrawals, { ...ctx.state.input, t: ctx.state.t }));
  });

  router.get('/', validate(withdrawalListQuerySchema, 'query'), async function listWithdrawals(ctx) {
    respond(ctx, await listUserWithdrawals(withdrawals.models, signedInUser(ctx).id, ctx.state.input));
  });

  router.post('/', limitRequests, validate(withdrawalRequestSchema), async function createWithdrawal(ctx) {
    const row = await requestWithdrawal(withdrawals, { user: signedInUser(ctx), input: ctx.state.input, t: ctx.state.t });
    respond(ctx, presentWithdrawal(row), 201);
  });

  return router;
}

function idParam(ctx: AppContext): number {
  const id = String(ctx.params.id ?? '');
  if (!/^\d{1,12}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

/**
 * The console's withdrawal requests (operator or admin): `GET /api/operator/withdrawals?status=&cursor=`
 * (oldest first, the full account), `POST /api/operator/withdrawals/{id}/processing|paid` (no
 * body), `POST /api/operator/withdrawals/{id}/reject` `{reason}`.
 */
export function withdrawalStaffRoutes(deps: StaffDeps & { withdrawals: WithdrawalsContext }): Router<AppState> {
  const { withdrawals } = deps;
  const router = new Router<AppState>({ prefix: '/operator/withdrawals' });
  router.use(...requireStaff(deps));

  router.get('/', validate(operatorWithdrawalListQuerySchema, 'query'), async function listWithdrawalQueue(ctx) {
    respond(ctx, await listOperatorWithdrawals(withdrawals.models, withdrawals.secretKeys, ctx.state.input));
  });

  const move = (name: WithdrawalMove) =>
    async function changeWithdrawal(ctx: AppContext) {
      const row = await moveWithdrawal(withdrawals, { id: idParam(ctx), move: name, reason: name === 'reject' ? (ctx.state.input as { reason: string }).reason : null, actor: staffActor(ctx), ip: ctx.ip });
      if (!row) throw new NotFoundError();
      const user = await withdrawals.models.User.findByPk(row.userId, { attributes: ['email'] });
      respond(ctx, presentOperatorWithdrawal(row, user?.email ?? '', withdrawals.secretKeys));
    };
  router.post('/:id/processing', move('processing'));
  router.post('/:id/paid', move('paid'));
  router.post('/:id/reject', validate(withdrawalRejectSchema), move('reject'));
  return router;
}
