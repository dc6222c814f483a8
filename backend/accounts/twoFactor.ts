import { Op, type Transaction } from 'sequelize';
import type { User } from '../models';
import { openWithAny, seal } from '../platform/security/secretBox';
import { generateSecret, otpauthUrl, qrDataUrl, verifyTotp } from '../platform/security/totp';
import { writeAccount, type AccountsContext } from './context';
import { InvalidCode, TwoFactorState } from './errors';
import { touchApiKey } from '../partnerApi/keyCache';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Exchanger';

function sealContext(userId: number): string {
  return `user:${userId}:totp`;
}

/**
 * Checks a one-time code against the user's (sealed) secret and records its time step with a
 * conditional UPDATE, so a code is accepted once even by two concurrent requests. Throws
 * InvalidCode otherwise. Part of the calling command's write (`transaction`).
 */
export async function checkTotpCode(ctx: Pick<AccountsContext, 'models' | 'secretKeys'>, user: User, code: string, transaction: Transaction): Promise<void> {
  if (!user.twoFactorSecret) throw new InvalidCode();
  const { plaintext: secret } = openWithAny(user.twoFactorSecret, ctx.secretKeys, { context: sealContext(user.id) });
  const match = verifyTotp(secret, code, { lastUsedStep: user.totpLastStep });
  if (match === null) throw new InvalidCode();
  const { step } = match;
  const [count] = await ctx.models.User.update(
    { totpLastStep: step },
    { where: { id: user.id, [Op.or]: [{ totpLastStep: null }, { totpLastStep: { [Op.lt]: step } }] }, transaction },
  );
  if (count !== 1) throw new InvalidCode();
  user.totpLastStep = step;
}

export interface TwoFactorSetup {
  /** Base32 secret to type into an authenticator app. */
  secret: string;
  otpauthUrl: string;
  /** `data:image/png;base64,…` QR code of the otpauth URL. */
  qrDataUrl: string;
}

/**
 * Starts 2FA setup: a new secret stored sealed but not yet switched on (enableTwoFactor with a
 * valid code does that). Asking again replaces an unconfirmed secret.
 */
export async function setupTwoFactor(ctx: AccountsContext, user: User): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) throw new TwoFactorState();
  const secret = generateSecret();
  const url = otpauthUrl(secret, user.email, TOTP_ISSUER);
  user.twoFactorSecret = seal(secret, ctx.secretKeys[0]!, { context: sealContext(user.id) });
  user.totpLastStep = null;
  await writeAccount(ctx, ({ transaction }) => user.save({ fields: ['twoFactorSecret', 'totpLastStep'], transaction }));
  return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
}

/** Switches 2FA on once a code from the new secret checks. */
export async function enableTwoFactor(ctx: AccountsContext, user: User, props: { code: string }): Promise<void> {
  if (user.twoFactorEnabled || !user.twoFactorSecret) throw new TwoFactorState();
  await writeAccount(ctx, async ({ transaction }) => {
    await checkTotpCode(ctx, user, props.code, transaction);
    await ctx.models.User.update({ twoFactorEnabled: true }, { where: { id: user.id }, transaction });
  });
  user.twoFactorEnabled = true;
}

/**
 * Switches 2FA off with a valid code; the secret is erased. "Allow withdrawals" on the account's
 * partner API keys needs 2FA on (partnerApi/keys.ts): it goes off with it, and the keys' cache is told.
 */
export async function disableTwoFactor(ctx: AccountsContext, user: User, props: { code: string }): Promise<void> {
  if (!user.twoFactorEnabled) throw new TwoFactorState();
  const withdrawing = await writeAccount(ctx, async ({ transaction }) => {
    await checkTotpCode(ctx, user, props.code, transaction);
    await ctx.models.User.update({ twoFactorEnabled: false, twoFactorSecret: null, totpLastStep: null }, { where: { id: user.id }, transaction });
    const keys = await ctx.models.ApiKey.findAll({ where: { userId: user.id, allowWithdrawals: true }, attributes: ['id', 'publicKey'], transaction });
    if (keys.length > 0) await ctx.models.ApiKey.update({ allowWithdrawals: false }, { where: { id: keys.map((key) => key.id) }, transaction });
    return keys.map((key) => key.publicKey);
  });
  await Promise.all(withdrawing.map((publicKey) => touchApiKey(ctx.kv, publicKey)));
  user.twoFactorEnabled = false;
  user.twoFactorSecret = null;
}
