/**
 * Partner codes: each user's own `?r=` code — random, readable (no 0/O, 1/I/L), unique (a unique
 * index) — given at registration, or lazily to accounts made before the programme by a
 * conditional update (`referralCode IS NULL`), so two requests racing give the user one code.
 */
import { randomInt } from 'node:crypto';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { REFERRAL_CODE_PATTERN } from '../../common/referral';
import type { Models } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import type { ReferralDeps } from './context';

/** Letters and digits nobody misreads. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^8 ≈ 8.5 × 10^11 codes. */
export const REFERRAL_CODE_LENGTH = 8;
/** New codes drawn before giving up on a (vanishingly rare) collision. */
const CODE_ATTEMPTS = 5;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as stored (upper-case), or null when it cannot be one. */
export function normalizeReferralCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? '';
  return REFERRAL_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** The id of the partner owning `code` (not a deleted account), or null. */
export async function partnerIdByCode(models: Pick<Models, 'User'>, code: string | null | undefined, transaction?: Transaction): Promise<number | null> {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return null;
  const partner = await models.User.findOne({
    where: { referralCode: normalized, status: { [Op.ne]: 'deleted' } },
    attributes: ['id'],
    transaction,
  });
  return partner?.id ?? null;
}

/** A fresh code no user holds yet (checked; the unique index still decides a race). */
export async function unusedReferralCode(models: Pick<Models, 'User'>, transaction?: Transaction): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const code = newReferralCode();
    const taken = await models.User.count({ where: { referralCode: code }, transaction });
    if (taken === 0 || attempt >= CODE_ATTEMPTS) return code;
  }
}

/** The user's code, given now if they have none (race-safe: the first write wins, the others read it). */
export async function ensureReferralCode(deps: Pick<ReferralDeps, 'sequelize' | 'models'>, userId: number): Promise<string> {
  const { User } = deps.models;
  const existing = await User.findByPk(userId, { attributes: ['id', 'referralCode'] });
  if (existing?.referralCode) return existing.referralCode;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const code = await writeTransaction(deps.sequelize, async (transaction) => {
        await User.update({ referralCode: newReferralCode() }, { where: { id: userId, referralCode: null }, transaction });
        return (await User.findByPk(userId, { attributes: ['id', 'referralCode'], transaction }))?.referralCode ?? null;
      });
      if (!code) throw new Error(`user ${userId} not found`);
      return code;
    } catch (error) {
      if (error instanceof UniqueConstraintError && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}
