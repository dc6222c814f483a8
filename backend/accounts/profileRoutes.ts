import Router from '@koa/router';
import type { AccountsContext } from './context';
import { blockAccount, deleteAccount } from './lifecycle';
import { changePassword, editProfile, updateNotifications } from './profile';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './twoFactor';
import { UnauthorizedError } from '../platform/errors';
import { validate } from '../platform/http/validate';
import type { AppContext, AppState } from '../platform/http/types';
import { presentProfile } from './presenters';
import { respond } from '../platform/http/respond';
import type { AccountLimits } from './limits';
import { requireUser, signedInUser } from './requireUser';
import {
  changePasswordSchema,
  deleteAccountSchema,
  editMainSchema,
  notificationsSchema,
  otpCodeSchema,
} from './schemas';

/** The profile with the translated success alert. */
function profileWithMessage(ctx: AppContext, key: string) {
  return { ...presentProfile(signedInUser(ctx)), message: ctx.state.t(`accounts.success.${key}`) };
}

/**
 * The signed-in user's profile under `/user/profile`: `requireUser → validate → limit → command
 * → presenter`. Only the fields each call names are ever written (no role/status from input).
 */
export function profileRoutes(deps: { accounts: AccountsContext; limits: AccountLimits }): Router<AppState> {
  const { accounts, limits } = deps;
  const router = new Router<AppState>({ prefix: '/user/profile' });
  router.use(requireUser(accounts));

  router.get('/', async function getProfile(ctx) {
    respond(ctx, presentProfile(signedInUser(ctx)));
  });

  router.post('/edit/main', validate(editMainSchema), async function editMain(ctx) {
    await editProfile(accounts, signedInUser(ctx), ctx.state.input);
    respond(ctx, profileWithMessage(ctx, 'data_updated'));
  });

  router.post('/notifications', validate(notificationsSchema), async function notifications(ctx) {
    await updateNotifications(accounts, signedInUser(ctx), ctx.state.input);
    respond(ctx, profileWithMessage(ctx, 'data_updated'));
  });

  router.post('/password', validate(changePasswordSchema), async function password(ctx) {
    const user = signedInUser(ctx);
    await limits.consume('passwordCheck', String(user.id));
    if (!ctx.session) throw new UnauthorizedError();
    await changePassword(accounts, user, ctx.session, ctx.state.input);
    respond(ctx, profileWithMessage(ctx, 'password_changed'));
  });

  router.post('/otp/setup', async function otpSetup(ctx) {
    respond(ctx, await setupTwoFactor(accounts, signedInUser(ctx)));
  });

  router.post('/otp/enable', validate(otpCodeSchema), async function otpEnable(ctx) {
    const user = signedInUser(ctx);
    await limits.consume('otpUser', String(user.id));
    await enableTwoFactor(accounts, user, ctx.state.input);
    respond(ctx, profileWithMessage(ctx, 'otp_enabled'));
  });

  router.post('/otp/disable', validate(otpCodeSchema), async function otpDisable(ctx) {
    const user = signedInUser(ctx);
    await limits.consume('otpUser', String(user.id));
    await disableTwoFactor(accounts, user, ctx.state.input);
    respond(ctx, profileWithMessage(ctx, 'otp_disabled'));
  });

  router.post('/block', async function block(ctx) {
    const until = await blockAccount(accounts, signedInUser(ctx));
    ctx.session = null;
    respond(ctx, { blockedUntil: until.toISOString(), message: ctx.state.t('accounts.success.blocked') });
  });

  router.post('/delete', validate(deleteAccountSchema), async function remove(ctx) {
    const user = signedInUser(ctx);
    await limits.consume('passwordCheck', String(user.id));
    await deleteAccount(accounts, user, ctx.state.input);
    ctx.session = null;
    respond(ctx, { message: ctx.state.t('accounts.success.deleted') });
  });

  return router;
}
