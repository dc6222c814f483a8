import { createHash, randomBytes } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import type { Models, TokenPurpose } from '../models';

/** How long an emailed link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a 256-bit random link token for the user; only its SHA-256 is stored. Earlier unused
 * tokens of the same purpose stop working (the newest email is the one that counts).
 */
export async function issueToken(
  models: Pick<Models, 'UserToken'>,
  props: { userId: number; purpose: TokenPurpose; now?: Date },
  transaction?: Transaction,
): Promise<string> {
  const now = props.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await models.UserToken.update(
    { usedAt: now },
    { where: { userId: props.userId, purpose: props.purpose, usedAt: null }, transaction },
  );
  await models.UserToken.create(
    {
      userId: props.userId,
      purpose: props.purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[props.purpose]),
    },
    { transaction },
  );
  return token;
}

/** The user id a live (unused, unexpired) token names, without using it up. */
export async function peekToken(
  models: Pick<Models, 'UserToken'>,
  props: { token: string; purpose: TokenPurpose },
  transaction?: Transaction,
): Promise<number | null> {
  if (props.token.length === 0 || props.token.length > 200) return null;
  const row = await models.UserToken.findOne({
    where: { tokenHash: hashToken(props.token), purpose: props.purpose, usedAt: null, expiresAt: { [Op.gt]: new Date() } },
    transaction,
  });
  return row ? row.userId : null;
}

/**
 * Uses a token up: one conditional UPDATE, so of two concurrent uses exactly one wins. Returns
 * the user id, or null for an unknown, used or expired token.
 */
export async function consumeToken(
  models: Pick<Models, 'UserToken'>,
  props: { token: string; purpose: TokenPurpose },
  transaction?: Transaction,
): Promise<number | null> {
  const userId = await peekToken(models, props, transaction);
  if (userId === null) return null;
  const now = new Date();
  const [count] = await models.UserToken.update(
    { usedAt: now },
    {
      where: { tokenHash: hashToken(props.token), purpose: props.purpose, usedAt: null, expiresAt: { [Op.gt]: now } },
      transaction,
    },
  );
  return count === 1 ? userId : null;
}
