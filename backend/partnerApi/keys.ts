/** The `/user/api` keys: create, list, change, delete. Every write runs in writeTransaction. */
import { randomBytes } from 'node:crypto';
import { Op, type Sequelize } from 'sequelize';
import { MAX_API_KEYS, type ApiKeyDto, type ApiKeyPatchInput, type CreatedApiKey } from '../../common/partnerApi';
import { checkTotpCode } from '../accounts/twoFactor';
import { formatCidr, parseCidr } from '../blacklist/normalize';
import type { ApiKey, Models, User } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import { ValidationError } from '../platform/errors';
import type { Translate } from '../platform/i18n';
import { seal } from '../platform/security/secretBox';
import { ApiKeyLimit, CallbackUrlRefused, TwoFactorRequiredForWithdrawals } from './errors';
import { checkCallbackUrl } from './callbackUrl';
import { touchApiKey } from './keyCache';
import { apiKeySealContext } from './models/ApiKey';
import type { KV } from '../platform/kv/types';

export interface KeysContext {
  sequelize: Sequelize;
  models: Models;
  /** Seal with [0], open with any (rotation). */
  secretKeys: readonly string[];
  webhooksAllowPrivate: boolean;
  /** The keys' versions (keyCache.ts): bumped after every committed change. */
  kv: KV;
}

export function presentApiKey(row: ApiKey): ApiKeyDto {
  return {
    apiKey: row.publicKey,
    createdAt: row.createdAt.toISOString(),
    enabled: row.enabled,
    allowWithdrawals: row.allowWithdrawals,
    ipAllowList: row.ipAllowList,
    callbackUrl: row.callbackUrl,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** The user's live (not deleted) key `publicKey`, or null — another user's key is null too. */
export function findOwnKey(models: Pick<Models, 'ApiKey'>, userId: number, publicKey: string): Promise<ApiKey | null> {
  return models.ApiKey.findOne({ where: { userId, publicKey, deletedAt: null } });
}

export function listOwnKeys(models: Pick<Models, 'ApiKey'>, userId: number): Promise<ApiKey[]> {
  return models.ApiKey.findAll({ where: { userId, deletedAt: null }, order: [['id', 'ASC']] });
}

/** A new key: 32 url-safe characters public, 64 hex characters secret (sealed at rest). */
export async function createApiKey(ctx: KeysContext, user: User): Promise<CreatedApiKey> {
  const publicKey = randomBytes(24).toString('base64url');
  const secret = randomBytes(32).toString('hex');
  const row = await writeTransaction(ctx.sequelize, async (transaction) => {
    // Lock the owner's row so two parallel creations cannot both pass the limit.
    await ctx.models.User.findByPk(user.id, { transaction, lock: transaction.LOCK.UPDATE });
    const live = await ctx.models.ApiKey.count({ where: { userId: user.id, deletedAt: null }, transaction });
    if (live >= MAX_API_KEYS) throw new ApiKeyLimit();
    return ctx.models.ApiKey.create(
      { userId: user.id, publicKey, secretSealed: seal(secret, ctx.secretKeys[0]!, { context: apiKeySealContext(publicKey) }), ipAllowList: [], callbackUrl: null },
      { transaction },
    );
  });
  await touchApiKey(ctx.kv, publicKey);
  return { apiKey: publicKey, secret, key: presentApiKey(row) };
}

/** Canonical allow-list entries, or a 400 on `ipAllowList`. */
function normalizeAllowList(entries: string[], t: Translate): string[] {
  const ranges = entries.map((entry) => parseCidr(entry));
  if (ranges.some((range) => range === null)) throw new ValidationError({ ipAllowList: t('partnerApi.errors.ipAllowList') });
  return [...new Set(ranges.map((range) => formatCidr(range!)))];
}

/** Applies a PATCH. Turning withdrawals on needs 2FA on the account and a valid current code. */
export async function patchApiKey(ctx: KeysContext, props: { user: User; row: ApiKey; input: ApiKeyPatchInput; t: Translate }): Promise<ApiKey> {
  const { user, row, input, t } = props;
  const changes: Partial<Pick<ApiKey, 'enabled' | 'allowWithdrawals' | 'ipAllowList' | 'callbackUrl'>> = {};
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  if (input.ipAllowList !== undefined) changes.ipAllowList = normalizeAllowList(input.ipAllowList, t);
  if (input.callbackUrl !== undefined) {
    const url = input.callbackUrl === null || input.callbackUrl === '' ? null : input.callbackUrl;
    if (url !== null) {
      const check = await checkCallbackUrl(url, ctx.webhooksAllowPrivate);
      if (check === 'unresolvable') throw new ValidationError({ callbackUrl: t('partnerApi.errors.callbackUrl') });
      if (check === 'private') throw new CallbackUrlRefused();
    }
    changes.callbackUrl = url;
  }
  const turnsWithdrawalsOn = input.allowWithdrawals === true && !row.allowWithdrawals;
  if (input.allowWithdrawals !== undefined) changes.allowWithdrawals = input.allowWithdrawals;
  if (turnsWithdrawalsOn) {
    if (!user.twoFactorEnabled) throw new TwoFactorRequiredForWithdrawals();
    if (!input.code) throw new ValidationError({ code: t('validation.required') });
  }
  await writeTransaction(ctx.sequelize, async (transaction) => {
    if (turnsWithdrawalsOn) await checkTotpCode(ctx, user, input.code!, transaction);
    await row.update(changes, { transaction });
  });
  await touchApiKey(ctx.kv, row.publicKey);
  return row;
}

/** Soft delete: the key stops at once (the signed call reads only keys without deletedAt, and its cache is told). */
export async function deleteApiKey(ctx: KeysContext, row: ApiKey): Promise<void> {
  await writeTransaction(ctx.sequelize, (transaction) =>
    ctx.models.ApiKey.update({ deletedAt: new Date(), enabled: false }, { where: { id: row.id, deletedAt: { [Op.is]: null } }, transaction }),
  );
  await touchApiKey(ctx.kv, row.publicKey);
}
