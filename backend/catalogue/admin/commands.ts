/**
 * The admins' catalogue commands: one write each, in writeTransaction with its audit record
 * (`asset.update`, `direction.update`, `reserve.update`, the changed fields before and after),
 * then — after the commit — the change announced to every process (invalidation.ts), so the
 * widget, new orders and the exports follow within one rate tick.
 */
import type { Sequelize, Transaction } from 'sequelize';
import type { AdminAssetDto, AdminDirectionDto, AdminReserveDto, AssetPatch, DirectionPatch, ReservePut } from '../../../common/catalogueAdmin';
import { Big } from '../../../common/money';
import { normalizeSchedule, type Schedule } from '../../../common/schedule';
import { changedFields, recordAudit, type AuditActor } from '../../audit/record';
import type { Asset, Direction, Models } from '../../models';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { writeTransaction } from '../../platform/db/transaction';
import type { KV } from '../../platform/kv/types';
import type { Logger } from '../../platform/logger';
import { announceCatalogueChange } from '../invalidation';
import { presentAdminAsset, presentAdminDirection, presentReserve } from './presenters';

export interface CatalogueAdminContext {
  sequelize: Sequelize;
  models: Pick<Models, 'Asset' | 'Direction' | 'AuditRecord'>;
  kv: KV;
  logger?: Logger;
}

export interface StaffChange<P> {
  actor: AuditActor;
  ip?: string | null;
  patch: P;
  /** Translates the messages of refusals found here (not by the schema). */
  t: (key: string, values?: Record<string, unknown>) => string;
}

function lockOf(transaction: Transaction) {
  return transaction.LOCK.UPDATE;
}

async function assetFor(models: CatalogueAdminContext['models'], code: string, transaction: Transaction): Promise<Asset> {
  const asset = await models.Asset.findOne({ where: { code }, transaction, lock: lockOf(transaction) });
  if (!asset) throw new NotFoundError();
  return asset;
}

/** Applies `patch` to an asset; a cash asset keeps a city, any other none. */
export async function updateAsset(ctx: CatalogueAdminContext, code: string, change: StaffChange<AssetPatch>): Promise<AdminAssetDto> {
  const dto = await writeTransaction(ctx.sequelize, async (transaction) => {
    const asset = await assetFor(ctx.models, code, transaction);
    const before = presentAdminAsset(asset);
    const { patch } = change;
    const type = patch.type ?? asset.type;
    const city = patch.city !== undefined ? patch.city : asset.city;
    if (type === 'cash' && !city) throw new ValidationError({ city: change.t('validation.required') });
    if (type !== 'cash' && city) throw new ValidationError({ city: change.t('validation.general_error') });
    asset.set({ ...definedOnly(patch), city });
    await asset.save({ transaction });
    const after = presentAdminAsset(asset);
    await recordAudit(ctx.models, transaction, {
      actor: change.actor,
      ip: change.ip,
      action: 'asset.update',
      target: { type: 'asset', id: code },
      ...changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
  await announceCatalogueChange(ctx, { asset: code });
  return dto;
}

function definedOnly<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Applies `patch` to the direction `from` → `to`; the limits must stay min ≤ max. */
export async function updateDirection(
  ctx: CatalogueAdminContext,
  key: { from: string; to: string },
  change: StaffChange<DirectionPatch>,
): Promise<AdminDirectionDto> {
  const dto = await writeTransaction(ctx.sequelize, async (transaction) => {
    const direction: Direction | null = await ctx.models.Direction.findOne({
      where: { fromCode: key.from, toCode: key.to },
      transaction,
      lock: lockOf(transaction),
    });
    if (!direction) throw new NotFoundError();
    const before = presentAdminDirection(direction);
    const { markupPercent, schedule, ...rest } = change.patch;
    const minAmount = rest.minAmount ?? direction.minAmount;
    const maxAmount = rest.maxAmount ?? direction.maxAmount;
    if (new Big(minAmount).gt(maxAmount)) {
      throw new ValidationError({ [rest.maxAmount !== undefined ? 'maxAmount' : 'minAmount']: change.t('validation.general_error') });
    }
    direction.set(definedOnly(rest) as Partial<Direction>);
    if (markupPercent !== undefined) direction.markup = markupPercent;
    if (schedule !== undefined) direction.schedule = schedule === null ? null : normalizeSchedule(schedule as Schedule);
    await direction.save({ transaction });
    const after = presentAdminDirection(direction);
    await recordAudit(ctx.models, transaction, {
      actor: change.actor,
      ip: change.ip,
      action: 'direction.update',
      target: { type: 'direction', id: `${key.from}>${key.to}` },
      ...changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
  await announceCatalogueChange(ctx, { direction: `${key.from}>${key.to}` });
  return dto;
}

/**
 * Sets how an asset's reserve is published: `manual` publishes `amount` as set by the admin;
 * `computed` publishes the stored balance (set to `amount` when given).
 */
export async function setReserve(ctx: CatalogueAdminContext, code: string, change: StaffChange<ReservePut>): Promise<AdminReserveDto> {
  const dto = await writeTransaction(ctx.sequelize, async (transaction) => {
    const asset = await assetFor(ctx.models, code, transaction);
    const before = presentReserve(asset);
    const { mode, amount } = change.patch;
    if (mode === 'manual') {
      asset.set({ reserveMode: 'manual', reserveManual: amount as string });
    } else {
      asset.set({ reserveMode: 'computed' });
      if (amount !== undefined) asset.reserve = amount;
    }
    await asset.save({ transaction });
    const after = presentReserve(asset);
    await recordAudit(ctx.models, transaction, {
      actor: change.actor,
      ip: change.ip,
      action: 'reserve.update',
      target: { type: 'reserve', id: code },
      ...changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
  await announceCatalogueChange(ctx, { reserve: code });
  return dto;
}
