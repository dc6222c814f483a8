import type { Models, User } from '../models';
import { verifyPassword } from '../platform/security/passwords';
import { normalizeEmail, writeAccount, type AccountsContext } from './context';
import { writeTransaction } from '../platform/db/transaction';
import { WrongPassword } from './errors';
import { endAllSessions } from './sessions';
import { BLOCK_DURATION_MS } from './signIn';

/**
 * The user blocks their own account for 7 days: every session ends at once; signing in after
 * the 7 days lifts the block (an operator may lift it earlier).
 */
export async function blockAccount(ctx: AccountsContext, user: User): Promise<Date> {
  const until = new Date(Date.now() + BLOCK_DURATION_MS);
  user.status = 'blocked';
  user.blockedUntil = until;
  await writeAccount(ctx, ({ transaction }) => user.save({ fields: ['status', 'blockedUntil'], transaction }));
  await endAllSessions(ctx.kv, user.id);
  return until;
}

/**
 * An operator lifts a block before its 7 days are over (spec §4: "or earlier via support").
 * Answers false when no blocked account has that email.
 */
export async function unblockAccount(models: Pick<Models, 'User'>, props: { email: string }): Promise<boolean> {
  const [count] = await writeTransaction(models.User.sequelize!, (transaction) =>
    models.User.update({ status: 'active', blockedUntil: null }, { where: { email: normalizeEmail(props.email), status: 'blocked' }, transaction }),
  );
  return count === 1;
}

/** The placeholder email of a deleted account (the column stays unique and not null). */
export function deletedEmail(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Deletes the account for good after checking the password: personal data erased (email,
 * names, phone, password, 2FA secret, referral), the row kept anonymised so orders and ledgers
 * still point somewhere; links and sessions end.
 */
export async function deleteAccount(ctx: AccountsContext, user: User, props: { password: string }): Promise<void> {
  if (!(await verifyPassword(user.passwordHash ?? '', props.password))) throw new WrongPassword();
  await writeAccount(ctx, async ({ transaction }) => {
    await ctx.models.UserToken.destroy({ where: { userId: user.id }, transaction });
    // Partner API keys die with the account (the signed call also refuses any key of a blocked or deleted owner).
    await ctx.models.ApiKey.update({ deletedAt: new Date(), enabled: false }, { where: { userId: user.id, deletedAt: null }, transaction });
    await user.update(
      {
        email: deletedEmail(user.id),
        passwordHash: null,
        firstName: null,
        secondName: null,
        phone: null,
        twoFactorSecret: null,
        twoFactorEnabled: false,
        totpLastStep: null,
        notifyPasswordChange: false,
        notifySignIn: false,
        referrer: null,
        status: 'deleted',
        blockedUntil: null,
        deletedAt: new Date(),
      },
      { transaction },
    );
  });
  await endAllSessions(ctx.kv, user.id);
}
