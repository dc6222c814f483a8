import Router from '@koa/router';
import type { AccountsContext } from './context';
import { activateAccount } from './activateAccount';
import { confirmPasswordReset, requestPasswordReset } from './passwordReset';
import { registerUser } from './registerUser';
import { startSession } from './sessions';
import { sessionOrigin } from './sessionIndex';
import { signIn } from './signIn';
import { normalizeEmail } from './context';
import { UnauthorizedError } from '../platform/errors';
import { validate } from '../platform/http/validate';
import type { AppContext, AppState } from '../platform/http/types';
import { presentProfile } from './presenters';
import type { CaptchaVerifier } from '../platform/security/captcha';
import { clientIp } from '../platform/security/rateLimit';
import { respond } from '../platform/http/respond';
import type { AccountLimits } from './limits';
import {
  activateSchema,
  confirmResetSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
} from './schemas';

export interface AuthRoutesDeps {
  accounts: AccountsContext;
  captcha: CaptchaVerifier;
  limits: AccountLimits;
}

/** `{ message }`: the translated success alert the page shows. */
function done(ctx: AppContext, key: string): void {
  respond(ctx, { message: ctx.state.t(`accounts.success.${key}`) });
}

/**
 * Registration, activation, sign-in and password reset under `/user/auth`. Each is
 * `limit per IP → validate → captcha → limit per email+IP → command → answer`.
 */
export function authRoutes(deps: AuthRoutesDeps): Router<AppState> {
  const { accounts, captcha, limits } = deps;
  const router = new Router<AppState>({ prefix: '/user/auth' });

  router.post('/register', limits.perIp('register'), validate(registerSchema), async function register(ctx) {
    const body = ctx.state.input;
    await captcha.verify(body.captcha, { ip: clientIp(ctx), action: 'register' });
    await limits.consume('registerEmail', normalizeEmail(body.email));
    await registerUser(accounts, { ...body, lang: ctx.state.lang });
    done(ctx, 'registered');
  });

  router.post('/activate', limits.perIp('activate'), validate(activateSchema), async function activate(ctx) {
    await activateAccount(accounts, { token: ctx.state.input.token });
    done(ctx, 'activated');
  });

  router.post('/sign-in', limits.perIp('signIn'), validate(signInSchema), async function signInRoute(ctx) {
    const body = ctx.state.input;
    await captcha.verify(body.captcha, { ip: clientIp(ctx), action: 'login' });
    const attempt = `${normalizeEmail(body.email)}|${clientIp(ctx)}`;
    await limits.consume('signInEmailIp', attempt);
    if (body.code) await limits.consume('otpEmail', normalizeEmail(body.email));
    const origin = sessionOrigin(ctx);
    const user = await signIn(accounts, body, { ip: origin.ip, userAgent: origin.userAgent });
    // Signed in: the attempt was no guess. Only failures use up the email's limit, so a customer
    // signing in on several devices (or an office behind one address) is never locked out.
    await limits.refund('signInEmailIp', attempt);
    if (body.code) await limits.refund('otpEmail', normalizeEmail(body.email));
    if (!ctx.session) throw new UnauthorizedError();
    await startSession(accounts.kv, ctx.session, { userId: user.id, remember: body.remember, origin });
    respond(ctx, { ...presentProfile(user), message: ctx.state.t('accounts.success.signed_in') });
  });

  router.post('/reset-password', limits.perIp('reset'), validate(resetPasswordSchema), async function resetPassword(ctx) {
    const body = ctx.state.input;
    await captcha.verify(body.captcha, { ip: clientIp(ctx), action: 'reset_password' });
    await limits.consume('resetEmail', normalizeEmail(body.email));
    await requestPasswordReset(accounts, body);
    done(ctx, 'reset_sent');
  });

  router.post('/reset-password/confirm', limits.perIp('resetConfirm'), validate(confirmResetSchema), async function confirmReset(ctx) {
    const body = ctx.state.input;
    if (body.code) await limits.consume('otpToken', body.token);
    await confirmPasswordReset(accounts, body);
    done(ctx, 'password_set');
  });

  return router;
}
