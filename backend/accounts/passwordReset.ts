import { hashPassword, isCommonPassword } from '../platform/security/passwords';
import { normalizeEmail, writeAccount, type AccountsContext } from './context';
import { CommonPassword, EmailNotRegistered, InvalidToken, OtpRequired } from './errors';
import { passwordChangedVars } from './profile';
import { endAllSessions } from './sessions';
import { checkTotpCode } from './twoFactor';
import { consumeToken, issueToken, peekToken } from './tokens';

/** The link the reset email carries; the server redirects it to `/?resetToken=<token>`. */
export function resetUrl(ctx: AccountsContext, token: string): string {
  return `${ctx.publicUrl}/reset-password/${token}`;
}

/**
 * Emails a password-reset link (30 minutes, single use). 'Email not registered' for an unknown
 * or deleted account, as the spec says (the route puts it behind the captcha and limits).
 */
export async function requestPasswordReset(ctx: AccountsContext, props: { email: string }): Promise<void> {
  await writeAccount(ctx, async (write) => {
    const { transaction } = write;
    const user = await ctx.models.User.findOne({ where: { email: normalizeEmail(props.email) }, transaction });
    if (!user || user.status === 'deleted') throw new EmailNotRegistered();
    const token = await issueToken(ctx.models, { userId: user.id, purpose: 'reset' }, transaction);
    await write.mail(user, 'passwordReset', { link: resetUrl(ctx, token) });
  });
}

export interface ConfirmPasswordResetProps {
  token: string;
  password: string;
  code?: string | null;
}

/**
 * Sets a new password from a reset link. A reset does not bypass 2FA: with 2FA on, the code is
 * required (OtpRequired leaves the link usable so the form can ask for it) and checked once.
 * Ends every session of the user; a pending account is activated (the link proved the email).
 */
export async function confirmPasswordReset(ctx: AccountsContext, props: ConfirmPasswordResetProps): Promise<void> {
  const userId = await peekToken(ctx.models, { token: props.token, purpose: 'reset' });
  const found = userId === null ? null : await ctx.models.User.findByPk(userId);
  if (!found || found.status === 'deleted') throw new InvalidToken();
  if (isCommonPassword(props.password)) throw new CommonPassword();
  if (found.twoFactorEnabled && !props.code) throw new OtpRequired();
  // Hashed before the write: the SQLite writer queue is never held for argon2.
  const passwordHash = await hashPassword(props.password);
  await writeAccount(ctx, async (write) => {
    const { transaction } = write;
    // Read again in the transaction: the checks hold for the row the write changes.
    const user = await ctx.models.User.findByPk(found.id, { transaction });
    if (!user || user.status === 'deleted') throw new InvalidToken();
    if (user.twoFactorEnabled) {
      if (!props.code) throw new OtpRequired();
      await checkTotpCode(ctx, user, props.code, transaction);
    }
    if ((await consumeToken(ctx.models, { token: props.token, purpose: 'reset' }, transaction)) === null) throw new InvalidToken();
    const activate = user.status === 'pending' ? { status: 'active' as const, activatedAt: new Date() } : {};
    await ctx.models.User.update({ passwordHash, ...activate }, { where: { id: user.id }, transaction });
    if (user.notifyPasswordChange) await write.mail(user, 'passwordChanged', passwordChangedVars());
  });
  await endAllSessions(ctx.kv, found.id);
}
