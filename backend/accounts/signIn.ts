import { dummyVerify, verifyPassword } from '../platform/security/passwords';
import type { User } from '../models';
import { normalizeEmail, writeAccount, type AccountsContext } from './context';
import { AccountBlocked, AccountNotActivated, AccountSuspended, InvalidCredentials, OtpRequired } from './errors';
import { queueActivation } from './registerUser';
import { checkTotpCode } from './twoFactor';

/** How long a block by the user lasts (spec: 7 days, then access is restored by itself). */
export const BLOCK_DURATION_MS = 7 * 24 * 60 * 60 * 1000;

/** `2026-11-28 20:31 UTC`: the block's end as the message shows it. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface SignInProps {
  email: string;
  password: string;
  /** The one-time code when 2FA is on. */
  code?: string | null;
}

/** Where a sign-in comes from, for the sign-in alert of a user who asked for one. */
export interface SignInOrigin {
  ip: string;
  userAgent: string;
}

/**
 * Checks the credentials and returns the user to sign in. An unknown email spends the same
 * hashing time as a wrong password and answers the same InvalidCredentials. With the right
 * password: a pending account gets a new activation email (AccountNotActivated); a block that
 * has run out is lifted, one still running answers AccountBlocked with its end; with 2FA on a
 * missing code answers OtpRequired and a wrong or reused one InvalidCode. A user who asked for
 * sign-in alerts gets one (`origin`). The password is checked before the write (argon2 never
 * holds the writer queue); the status changes, the code's step and the mails are one write.
 */
export async function signIn(ctx: AccountsContext, props: SignInProps, origin?: SignInOrigin): Promise<User> {
  const user = await ctx.models.User.findOne({ where: { email: normalizeEmail(props.email) } });
  if (!user || !user.passwordHash || user.status === 'deleted') {
    await dummyVerify(props.password);
    throw new InvalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, props.password))) throw new InvalidCredentials();

  if (user.status === 'pending') {
    await writeAccount(ctx, (write) => queueActivation(ctx, write, user));
    throw new AccountNotActivated();
  }
  // Blocked by an admin (no end date): only an admin lifts it.
  if (user.status === 'blocked' && user.blockedUntil === null) throw new AccountSuspended();
  if (user.status === 'blocked' && user.blockedUntil !== null && user.blockedUntil.getTime() > Date.now()) {
    throw new AccountBlocked({ values: { until: formatUtc(user.blockedUntil) } });
  }
  if (user.twoFactorEnabled && !props.code) throw new OtpRequired();
  const alert = user.notifySignIn && origin !== undefined;
  // Nothing to write (no block to lift, no code, no alert): no transaction.
  if (user.status !== 'blocked' && !user.twoFactorEnabled && !alert) return user;
  await writeAccount(ctx, async (write) => {
    const { transaction } = write;
    if (user.status === 'blocked') {
      await ctx.models.User.update({ status: 'active', blockedUntil: null }, { where: { id: user.id, status: 'blocked' }, transaction });
    }
    if (user.twoFactorEnabled) await checkTotpCode(ctx, user, props.code!, transaction);
    if (alert) {
      await write.mail(user, 'signInAlert', { ip: origin!.ip, time: new Date().toISOString(), userAgent: origin!.userAgent, link: '/user/profile' });
    }
  });
  if (user.status === 'blocked') {
    user.status = 'active';
    user.blockedUntil = null;
  }
  return user;
}
