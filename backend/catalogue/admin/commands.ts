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

/** A row an admin change saves. */
type SavedRow = { save(options: { transaction: Transaction }): Promise<unknown> };

/** What one admin change writes: its row, how the row is shown (and compared for the audit), the change itself. */
interface AuditedChange<R extends SavedRow, D> {
  /** Reads the row, locked for the change (NotFoundError when absent). */
  load(transaction: Transaction): Promise<R>;
  present(row: R): D;
  /** Applies the patch to the row, or refuses it (ValidationError). */
  apply(row: R): void;
  /** The audit record's action and target; the target's type and id name the change in the announcement too. */
  action: string;
  target: { type: 'asset' | 'direction' | 'reserve'; id: string };
}

/**
 * In one writeTransaction: loads the row, applies the change, saves it and records the audit of
 * the fields it changed (before and after); after the commit announces it. Returns the row as shown after.
 */
async function changeAudited<R extends SavedRow, D>(
  ctx: CatalogueAdminContext,
  change: StaffChange<unknown>,
  spec: AuditedChange<R, D>,
): Promise<D> {
  const dto = await writeTransaction(ctx.sequelize, async (transaction) => {
    const row = await spec.load(transaction);
    const before = spec.present(row);
    spec.apply(row);
    await row.save({ transaction });
    const after = spec.present(row);
    await recordAudit(ctx.models, transaction, {
      actor: change.actor,
      ip: change.ip,
      action: spec.action,
      target: spec.target,
      ...changedFields(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
  await announceCatalogueChange(ctx, { [spec.target.type]: spec.target.id });
  return dto;
}

/** Applies `patch` to an asset; a cash asset keeps a city, any other none. */
export function updateAsset(ctx: CatalogueAdminContext, code: string, change: StaffChange<AssetPatch>): Promise<AdminAssetDto> {
  return changeAudited(ctx, change, {
    load: (transaction) => assetFor(ctx.models, code, transaction),
    present: presentAdminAsset,
    apply(asset) {
      const { patch } = change;
      const type = patch.type ?? asset.type;
      const city = patch.city !== undefined ? patch.city : asset.city;
      if (type === 'cash' && !city) throw new ValidationError({ city: change.t('validation.required') });
      if (type !== 'cash' && city) throw new ValidationError({ city: change.t('validation.general_error') });
      asset.set({ ...definedOnly(patch), city });
    },
    action: 'asset.update',
    target: { type: 'asset', id: code },
  });
}

function definedOnly<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Applies `patch` to the direction `from` → `to`; the limits must stay min ≤ max. */
export function updateDirection(
  ctx: CatalogueAdminContext,
  key: { from: string; to: string },
  change: StaffChange<DirectionPatch>,
): Promise<AdminDirectionDto> {
  return changeAudited(ctx, change, {
    async load(transaction) {
      const direction: Direction | null = await ctx.models.Direction.findOne({
        where: { fromCode: key.from, toCode: key.to },
        transaction,
        lock: lockOf(transaction),
      });
      if (!direction) throw new NotFoundError();
      return direction;
    },
    present: presentAdminDirection,
    apply(direction) {
      const { markupPercent, schedule, ...rest } = change.patch;
      const minAmount = rest.minAmount ?? direction.minAmount;
      const maxAmount = rest.maxAmount ?? direction.maxAmount;
      if (new Big(minAmount).gt(maxAmount)) {
        throw new ValidationError({ [rest.maxAmount !== undefined ? 'maxAmount' : 'minAmount']: change.t('validation.general_error') });
      }
      direction.set(definedOnly(rest) as Partial<Direction>);
      if (markupPercent !== undefined) direction.markup = markupPercent;
      if (schedule !== undefined) direction.schedule = schedule === null ? null : normalizeSchedule(schedule as Schedule);
    },
    action: 'direction.update',
    target: { type: 'direction', id: `${key.from}>${key.to}` },
  });
}

/**
 * Sets how an asset's reserve is published: `manual` publishes `amount` as set by the admin;
 * `computed` publishes the stored balance (set to `amount` when given).
 */
export function setReserve(ctx: CatalogueAdminContext, code: string, change: StaffChange<ReservePut>): Promise<AdminReserveDto> {
  return changeAudited(ctx, change, {
    load: (transaction) => assetFor(ctx.models, code, transaction),
    present: presentReserve,
    apply(asset) {
      const { mode, amount } = change.patch;
      if (mode === 'manual') {
        asset.set({ reserveMode: 'manual', reserveManual: amount as string });
      } else {
        asset.set({ reserveMode: 'computed' });
        if (amount !== undefined) asset.reserve = amount;
      }
    },
    action: 'reserve.update',
    target: { type: 'reserve', id: code },
  });
}
