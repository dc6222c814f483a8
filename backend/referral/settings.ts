/**
 * The programme's settings in the `settings` table (one JSON value per key): the tier table
 * (`referral.tiers`), the hold period in days (`referral.holdDays`) and the smallest withdrawal
 * (`referral.minPayout`). A missing or unreadable value falls back to its default, so a bad row
 * never breaks a page; admins write them through `PUT /api/admin/referral/settings` (validated).
 */
import type { Transaction } from 'sequelize';
import { DEFAULT_REFERRAL_TIERS, referralSettingsSchema, type ReferralSettings, type ReferralTier } from '../../common/referral';
import { normalizeMoney } from '../../common/money';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Models } from '../models';
import { writeTransaction } from '../platform/db/transaction';
import type { ReferralDeps } from './context';

export const REFERRAL_SETTING_KEYS = { tiers: 'referral.tiers', holdDays: 'referral.holdDays', minPayout: 'referral.minPayout' } as const;

export const DEFAULT_HOLD_DAYS = 0;
export const DEFAULT_MIN_PAYOUT = '10';

export function defaultReferralSettings(): ReferralSettings {
  return { tiers: DEFAULT_REFERRAL_TIERS.map((tier) => ({ ...tier })), holdDays: DEFAULT_HOLD_DAYS, minPayout: DEFAULT_MIN_PAYOUT };
}

/** Canonical form: percents and the minimum as normalised decimals. */
function canonical(settings: ReferralSettings): ReferralSettings {
  return {
    tiers: settings.tiers.map((tier) => ({ referrals: tier.referrals, percent: normalizeMoney(tier.percent) })),
    holdDays: settings.holdDays,
    minPayout: normalizeMoney(settings.minPayout),
  };
}

/** The settings now (defaults for missing or invalid values). */
export async function readReferralSettings(models: Pick<Models, 'Setting'>, transaction?: Transaction): Promise<ReferralSettings> {
  const rows = await models.Setting.findAll({ where: { key: Object.values(REFERRAL_SETTING_KEYS) }, transaction });
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // Unreadable: the default below.
    }
  }
  const defaults = defaultReferralSettings();
  const pick = <K extends keyof ReferralSettings>(name: K): ReferralSettings[K] => {
    const value = stored[REFERRAL_SETTING_KEYS[name]];
    if (value === undefined) return defaults[name];
    const candidate = { ...defaults, [name]: value };
    return referralSettingsSchema.isValidSync(candidate, { strict: true }) ? (value as ReferralSettings[K]) : defaults[name];
  };
  return canonical({ tiers: pick('tiers'), holdDays: pick('holdDays'), minPayout: pick('minPayout') });
}

/** The tier table now. */
export async function readReferralTiers(models: Pick<Models, 'Setting'>, transaction?: Transaction): Promise<ReferralTier[]> {
  return (await readReferralSettings(models, transaction)).tiers;
}

/** Days a new reward stays pending (round 2: the ledger's hold). */
export async function readHoldDays(models: Pick<Models, 'Setting'>, transaction?: Transaction): Promise<number> {
  return (await readReferralSettings(models, transaction)).holdDays;
}

/** The smallest withdrawal in USDT. */
export async function readMinPayout(models: Pick<Models, 'Setting'>, transaction?: Transaction): Promise<string> {
  return (await readReferralSettings(models, transaction)).minPayout;
}

/** Writes validated settings, audited (`referral.settings`) in the same transaction. */
export async function writeReferralSettings(
  deps: Pick<ReferralDeps, 'sequelize' | 'models'>,
  props: { settings: ReferralSettings; actor: AuditActor; ip: string | null },
): Promise<ReferralSettings> {
  const next = canonical(props.settings);
  return writeTransaction(deps.sequelize, async (transaction) => {
    const before = await readReferralSettings(deps.models, transaction);
    for (const name of ['tiers', 'holdDays', 'minPayout'] as const) {
      await deps.models.Setting.upsert({ key: REFERRAL_SETTING_KEYS[name], value: JSON.stringify(next[name]) }, { transaction });
    }
    await recordAudit(deps.models, transaction, {
      actor: props.actor,
      ip: props.ip,
      action: 'referral.settings',
      target: { type: 'settings', id: 'referral' },
      before: { ...before },
      after: { ...next },
    });
    return next;
  });
}
